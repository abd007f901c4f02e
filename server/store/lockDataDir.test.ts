import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './lockDataDir'

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lock-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

async function lockError(dir: string): Promise<DataDirLockedError> {
  try {
    await lockDataDir(dir)
  } catch (error: unknown) {
    if (error instanceof DataDirLockedError) return error
    throw error
  }
  throw new Error('expected lockDataDir to refuse')
}

/** The pid of a process that has exited (the OS does not reuse it within the test). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
  return Number(child.stdout.toString())
}

describe('lockDataDir', () => {
  it('writes the pid, refuses a second holder naming the pid and the fix, and frees the directory on release', async () => {
    const lock = await lockDataDir(dataDir)
    expect(JSON.parse(await readFile(path.join(dataDir, 'db.lock'), 'utf8'))).toMatchObject({
      pid: process.pid,
    })
    const error = await lockError(dataDir)
    expect(error.pid).toBe(process.pid)
    expect(error.message).toContain(`is in use by process ${process.pid}`)
    expect(error.message).toContain('Stop that process or set DATA_DIR to another directory')
    expect(error.message).toContain('DATABASE_URL')
    await lock.release()
    const again = await lockDataDir(dataDir)
    await again.release()
  })

  it('takes over a stale lock left by a process that no longer runs', async () => {
    const pid = deadPid()
    await writeFile(path.join(dataDir, 'db.lock'), JSON.stringify({ pid, since: '2026-01-01T00:00:00.000Z' }))
    const lock = await lockDataDir(dataDir)
    expect(JSON.parse(await readFile(lock.file, 'utf8'))).toMatchObject({ pid: process.pid })
    await lock.release()
  })

  it('takes over an unreadable lock file', async () => {
    await writeFile(path.join(dataDir, 'db.lock'), 'garbage')
    const lock = await lockDataDir(dataDir)
    await lock.release()
  })

  it('does not remove a lock that another holder took after ours was taken over', async () => {
    const lock = await lockDataDir(dataDir)
    await writeFile(lock.file, JSON.stringify({ pid: process.pid, since: 'someone else' }))
    await lock.release()
    expect(JSON.parse(await readFile(lock.file, 'utf8'))).toEqual({ pid: process.pid, since: 'someone else' })
  })
})
