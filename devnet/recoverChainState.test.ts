import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { recoverChainState } from './recoverChainState'

const dir = mkdtempSync(path.join(tmpdir(), 'loadable-state-'))
const live = path.join(dir, 'chain-1.json')
const prev = path.join(dir, 'chain-1.json.prev')
const snapshot = path.join(dir, 'snapshot-chain-1.json')

afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function find(): Promise<[string | undefined, string[]]> {
  const warnings: string[] = []
  const found = await recoverChainState([live, prev, snapshot], (m) => warnings.push(m))
  return [found, warnings]
}

describe('recoverChainState', () => {
  it('takes the live state when it is whole, without a warning', async () => {
    writeFileSync(live, '{"block":{"number":"0x5"}}')
    writeFileSync(prev, '{"block":{"number":"0x4"}}')
    writeFileSync(snapshot, '{"block":{"number":"0x1"}}')
    expect(await find()).toEqual([live, []])
  })

  it('a truncated live state: the previous copy, with a warning naming both; the damaged one moved aside', async () => {
    writeFileSync(live, '{"block":{"number":"0x5"')
    expect(await find()).toEqual([
      prev,
      [`devnet: chain state ${live} is not whole JSON (a dump cut short); loading ${prev} instead`],
    ])
    expect(existsSync(live)).toBe(false)
    expect(readFileSync(`${live}.damaged`, 'utf8')).toBe('{"block":{"number":"0x5"')
  })

  it('both truncated: the snapshot; all damaged and nothing else: undefined', async () => {
    writeFileSync(live, '{')
    writeFileSync(prev, '')
    const [found, warnings] = await find()
    expect(found).toBe(snapshot)
    expect(warnings.length).toBe(2)
    writeFileSync(prev, '')
    rmSync(snapshot)
    const [none, lastWarnings] = await find()
    expect(none).toBeUndefined()
    expect(lastWarnings).toEqual([
      `devnet: chain state ${prev} is not whole JSON (a dump cut short); no other copy is left`,
    ])
  })
})
