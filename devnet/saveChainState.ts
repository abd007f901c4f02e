import { existsSync } from 'node:fs'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Saves a chain's state (the JSON `--load-state` reads) to `file` so that a crash at any instant leaves a loadable
 * copy: written to `<file>.tmp`, the current `file` (a complete earlier save) kept as `<file>.prev`, then the new
 * one renamed into place. anvil's own `--dump-state` writes in place, and a kill during it left a truncated file
 * the next start could not load. Throws on a file-system error.
 */
export async function saveChainState(file: string, json: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  const tmp = `${file}.tmp`
  await writeFile(tmp, json, { flush: true })
  if (existsSync(file)) await rename(file, `${file}.prev`)
  await rename(tmp, file)
}
