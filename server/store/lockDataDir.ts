import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface DataDirLock {
  /** The lock file, `<dataDir>/db.lock`. */
  file: string
  /** Removes the lock file if it is still ours. Idempotent. */
  release: () => Promise<void>
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError' as const
  readonly pid: number
  readonly lockFile: string

  constructor(params: { dataDir: string; pid: number; since: string | undefined; lockFile: string }) {
    super(
      `The embedded database in ${path.join(params.dataDir, 'db')} is in use by process ${params.pid}` +
        `${params.since === undefined ? '' : ` (since ${params.since})`}: a server or an apikey command. ` +
        'Only one process may open it. Stop that process or set DATA_DIR to another directory; to run ' +
        `several processes on one database use PostgreSQL (DATABASE_URL). Lock file: ${params.lockFile}`,
    )
    this.pid = params.pid
    this.lockFile = params.lockFile
  }
}

type Holder = { pid: number; since: string | undefined }

/**
 * Takes the lock of the embedded database under `dataDir`: creates `<dataDir>/db.lock` exclusively
 * with this process's pid. A lock left by a process that no longer runs (a crash, a kill -9) is taken
 * over; one held by a running process (this one included) throws `DataDirLockedError`, whose message
 * names the pid and the fix. PGlite keeps no lock of its own, and two processes writing one directory
 * lose writes silently.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true })
  const file = path.join(dataDir, 'db.lock')
  const content = JSON.stringify({ pid: process.pid, since: new Date().toISOString() })
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(file, content, { flag: 'wx', mode: 0o600 })
      return { file, release: () => releaseIfOurs(file, content) }
    } catch (error: unknown) {
      if (!isErrno(error, 'EEXIST') || attempt >= 5) throw error
    }
    const holderText = await readFile(file, 'utf8').catch(() => undefined)
    if (holderText === undefined) continue
    const holder = parseHolder(holderText)
    if (holder === undefined) {
      // A lock being written right now reads as empty: give its writer a moment before calling it stale.
      if (attempt < 3) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        continue
      }
    } else if (isRunning(holder.pid)) {
      throw new DataDirLockedError({ dataDir, pid: holder.pid, since: holder.since, lockFile: file })
    }
    const again = await readFile(file, 'utf8').catch(() => undefined)
    if (again === holderText) await rm(file, { force: true })
  }
}

async function releaseIfOurs(file: string, content: string): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => undefined)
  if (current === content) await rm(file, { force: true })
}

function parseHolder(text: string): Holder | undefined {
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || !('pid' in parsed)) return undefined
    const { pid } = parsed
    if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return undefined
    const since = 'since' in parsed && typeof parsed.since === 'string' ? parsed.since : undefined
    return { pid, since }
  } catch {
    return undefined
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error: unknown) {
    return isErrno(error, 'EPERM')
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code
}
