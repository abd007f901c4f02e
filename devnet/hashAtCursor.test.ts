import { describe, expect, it } from 'vitest'
import { hashAtCursor } from './hashAtCursor'

const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const

describe('hashAtCursor', () => {
  const reads: bigint[] = []
  const client = {
    getBlock: async ({ blockNumber }: { blockNumber: bigint }) => {
      reads.push(blockNumber)
      return { hash: hashOf(Number(blockNumber)) }
    },
  } as unknown as Parameters<typeof hashAtCursor>[0]

  it("takes the head's hash without a read, reads an older cursor, and has none past the head", async () => {
    const latest = { number: 12n, hash: hashOf(0xbeef) }
    expect(await hashAtCursor(client, 12, latest)).toBe(hashOf(0xbeef))
    expect(reads).toEqual([])
    expect(await hashAtCursor(client, 9, latest)).toBe(hashOf(9))
    expect(reads).toEqual([9n])
    expect(await hashAtCursor(client, 13, latest)).toBeUndefined()
    expect(reads).toEqual([9n])
  })
})
