import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'

const skippedDirs = new Set(['node_modules', '.git', 'dist'])

/**
 * Newest modification time (ms since the epoch) of the files at `paths`, walking directories
 * recursively (skipping node_modules, .git and dist). Missing paths are ignored; 0 when none exist.
 */
export async function getNewestMtimeMs(paths: readonly string[]): Promise<number> {
  let newest = 0
  for (const entry of paths) {
    let info: Awaited<ReturnType<typeof stat>>
    try {
      info = await stat(entry)
    } catch {
      continue
    }
    if (info.isDirectory()) {
      const children = await readdir(entry)
      const inner = children.filter((name) => !skippedDirs.has(name)).map((name) => path.join(entry, name))
      newest = Math.max(newest, await getNewestMtimeMs(inner))
    } else {
      newest = Math.max(newest, info.mtimeMs)
    }
  }
  return newest
}

/**
 * True when `output` does not exist or is older than the newest file under `sources` (see
 * `getNewestMtimeMs`), i.e. when a build step should run again.
 */
export async function isOutputStale(params: {
  output: string
  sources: readonly string[]
}): Promise<boolean> {
  let outputMtimeMs: number
  try {
    outputMtimeMs = (await stat(params.output)).mtimeMs
  } catch {
    return true
  }
  return (await getNewestMtimeMs(params.sources)) > outputMtimeMs
}
