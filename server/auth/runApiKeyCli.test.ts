import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { apiKeyPattern } from './generateApiKey'
import { runApiKeyCli } from './runApiKeyCli'

it('creates, lists and revokes keys in DATA_DIR', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'apikey-cli-'))
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
