import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { listApiKeys } from '../store/apiKeys'
import { copyPgliteTemplate } from '../store/copyPgliteTemplate'
import { createStore } from '../store/createStore'
import { lockDataDir } from '../store/lockDataDir'
import { createApiKeyVerifier } from './createApiKeyVerifier'
import { apiKeyPattern } from './generateApiKey'
import { runApiKeyCli } from './runApiKeyCli'
import { getApiKeyAdminSocketPath, serveApiKeyAdmin } from './serveApiKeyAdmin'

/**
 * A new DATA_DIR holding a copy of the migrated, empty template database: what the first `createStore` on an
 * empty directory leaves, without its initdb (seconds of CPU each; `createStore.test.ts` covers that).
 */
async function newDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix))
  await copyPgliteTemplate(path.join(dataDir, 'db'))
  return dataDir
}

function capture() {
  const lines: string[] = []
  return {
    lines,
    out: { log: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERR ${line}`) },
  }
}

it('creates, lists and revokes keys in DATA_DIR', async () => {
  const dataDir = await newDataDir('apikey-cli-')
  const lines: string[] = []
  const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERR ${line}`) }
  const env = { DATA_DIR: dataDir }
  try {
    expect(await runApiKeyCli(['create', '--company', 'Acme'], env, out)).toBe(0)
    const key = lines[0]?.split(': ')[1] ?? ''
    expect(key).toMatch(apiKeyPattern)
    const prefix = lines.find((l) => l.startsWith('prefix:'))?.split(/\s+/)[1]
    expect(prefix).toBe(key.slice(0, 16))
    lines.length = 0
    expect(await runApiKeyCli(['list'], env, out)).toBe(0)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(new RegExp(`^${prefix}  [0-9a-f-]{36}  Acme  0x[0-9a-f]{64}  active$`))
    expect(lines.join('\n')).not.toContain(key)
    lines.length = 0
    expect(await runApiKeyCli(['revoke', prefix ?? ''], env, out)).toBe(0)
    expect(await runApiKeyCli(['revoke', prefix ?? ''], env, out)).toBe(1)
    expect(await runApiKeyCli(['create'], env, out)).toBe(2)
    expect(lines).toEqual([
      expect.stringMatching(/^revoked sk_live_/),
      `ERR no active key matches ${prefix}`,
      'ERR create needs --company "<name>"',
    ])
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
})

it('creates keys through a server running on DATA_DIR, which sees them at once (none lost)', async () => {
  const dataDir = await newDataDir('apikey-server-')
  const store = await createStore({ dataDir })
  const socketPath = getApiKeyAdminSocketPath(dataDir)
  const admin = await serveApiKeyAdmin({ store, socketPath })
  try {
    expect((await stat(socketPath)).mode & 0o777).toBe(0o600)
    expect((await stat(path.dirname(socketPath))).mode & 0o777).toBe(0o700)
    const { lines, out } = capture()
    const created = await Promise.all(
      ['Acme', 'Beta', 'Acme'].map((company) =>
        runApiKeyCli(
          ['create', '--company', company],
          { DATA_DIR: dataDir },
          {
            log: (line) => out.log(`${company}|${line}`),
            error: out.error,
          },
        ),
      ),
    )
    expect(created).toEqual([0, 0, 0])
    const keys = lines.filter((line) => line.includes('shown once')).map((line) => line.split(': ')[1] ?? '')
    expect(keys).toHaveLength(3)
    const verifier = createApiKeyVerifier({ store })
    const companies = await Promise.all(keys.map(async (key) => (await verifier.verify(key))?.companyName))
    expect(companies.sort()).toEqual(['Acme', 'Acme', 'Beta'])
    const listed = capture()
    expect(await runApiKeyCli(['list'], { DATA_DIR: dataDir }, listed.out)).toBe(0)
    expect(listed.lines).toHaveLength(3)
    expect(await runApiKeyCli(['create'], { DATA_DIR: dataDir }, listed.out)).toBe(2)
    expect(listed.lines.at(-1)).toBe('ERR create needs --company "<name>"')
  } finally {
    await admin.close()
    await store.close()
  }
  const reopened = await createStore({ dataDir })
  try {
    expect(await listApiKeys(reopened.db)).toHaveLength(3)
  } finally {
    await reopened.close()
    await rm(dataDir, { recursive: true, force: true })
  }
})

it('refuses with a clear message, creating nothing, when a process holds DATA_DIR without an admin socket', async () => {
  const dataDir = await newDataDir('apikey-locked-')
  const lock = await lockDataDir(dataDir)
  const { lines, out } = capture()
  try {
    expect(await runApiKeyCli(['create', '--company', 'Acme'], { DATA_DIR: dataDir }, out)).toBe(1)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(
      `ERR The embedded database in ${path.join(dataDir, 'db')} is in use by process ${process.pid}`,
    )
    expect(lines[0]).toContain('so the key was not created')
  } finally {
    await lock.release()
  }
  const store = await createStore({ dataDir })
  try {
    expect(await listApiKeys(store.db)).toEqual([])
  } finally {
    await store.close()
    await rm(dataDir, { recursive: true, force: true })
  }
})
