import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { finalSavedBlock, readSavedHead, savedFinality, savedHeadPath, writeSavedHead } from './savedHead'

const hashA: Hex = `0x${'a'.repeat(64)}`
const hashB: Hex = `0x${'b'.repeat(64)}`
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'saved-head-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('savedHead', () => {
  it('is recorded beside the chain state file, and read back exactly', async () => {
    const file = savedHeadPath(path.join(dir, 'chain-1.json'))
    expect(file).toBe(path.join(dir, 'chain-1.json.head'))
    await writeSavedHead(file, { number: 42n, hash: hashA })
    expect(await readFile(file, 'utf8')).toBe(`{"number":"42","hash":"${hashA}"}`)
    expect(await readSavedHead(file)).toEqual({ number: 42n, hash: hashA })
  })

  it('reads nothing from a missing or damaged record', async () => {
    expect(await readSavedHead(path.join(dir, 'none.head'))).toBeUndefined()
    const damaged = path.join(dir, 'damaged.head')
    await writeFile(damaged, '{"number":"4')
    expect(await readSavedHead(damaged)).toBeUndefined()
    await writeFile(damaged, '{"number":-1,"hash":"0x00"}')
    expect(await readSavedHead(damaged)).toBeUndefined()
  })

  it('makes the saved head final while the chain holds it, and nothing once the chain lost it', async () => {
    const file = path.join(dir, 'chain-10.json.head')
    await writeSavedHead(file, { number: 7n, hash: hashA })
    const asked: bigint[] = []
    const chain = (hash: Hex | undefined) => async (n: bigint) => {
      asked.push(n)
      return hash
    }
    expect(await finalSavedBlock(file, chain(hashA))).toBe(7n)
    // restarted from an older copy, then other blocks mined at that height
    expect(await finalSavedBlock(file, chain(hashB))).toBeUndefined()
    // restarted from an older copy below that height
    expect(await finalSavedBlock(file, chain(undefined))).toBeUndefined()
    expect(asked).toEqual([7n, 7n, 7n])
    expect(await finalSavedBlock(path.join(dir, 'no-save.head'), chain(hashA))).toBeUndefined()
  })

  it('gives the relayers a final block only on a devnet whose chains are saved', async () => {
    expect(savedFinality(new Map())).toEqual({})
    const file = path.join(dir, 'chain-56.json.head')
    await writeSavedHead(file, { number: 3n, hash: hashB })
    const { finalBlock } = savedFinality(new Map([[56, file]]))
    const client = {
      getBlock: async ({ blockNumber }: { blockNumber?: bigint }) => ({
        hash: blockNumber === 3n ? hashB : hashA,
      }),
    } as unknown as Parameters<NonNullable<typeof finalBlock>>[1]
    expect(await finalBlock?.(56, client)).toBe(3n)
    // a chain of no save: nothing final
    expect(await finalBlock?.(1, client)).toBeUndefined()
  })
})
