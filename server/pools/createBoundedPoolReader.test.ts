import { describe, expect, it } from 'vitest'
import type { PoolReader } from '../poolKinds/PoolKind'
import { createBoundedPoolReader } from './createBoundedPoolReader'

/** A node double: answers each call with its index times 10, failing the requests listed in `failures`. */
function createFakeReader(failures: Map<number, number> = new Map()) {
  const seen = { requests: [] as number[][], maxInFlight: 0, inFlight: 0 }
  const reader = {
    multicall: async (args: { contracts: readonly { index: number }[]; batchSize?: number }) => {
      expect(args.batchSize).toBe(0)
      const first = args.contracts[0]?.index ?? -1
      seen.requests.push(args.contracts.map((c) => c.index))
      seen.inFlight++
      seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5))
      seen.inFlight--
      const left = failures.get(first) ?? 0
      if (left > 0) {
        failures.set(first, left - 1)
        throw new Error(`request at ${first} failed`)
      }
      return args.contracts.map((c) => c.index * 10)
    },
    getContractEvents: async () => [],
  } as unknown as PoolReader
  return { reader, seen }
}

const calls = (count: number) => Array.from({ length: count }, (_, index) => ({ index }))
const noSleep = { sleep: async () => undefined }

describe('createBoundedPoolReader', () => {
  it('cuts calls into requests of callsPerRequest, at most `concurrency` in flight, results in order', async () => {
    const { reader, seen } = createFakeReader()
    const bounded = createBoundedPoolReader(reader, { callsPerRequest: 3, concurrency: 2, ...noSleep })
    const result = await bounded.multicall({ contracts: calls(10) } as never)
    expect(result).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90])
    expect(seen.requests).toEqual([[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]])
    expect(seen.maxInFlight).toBe(2)
  })

  it('retries a failed request and keeps its place', async () => {
    const { reader, seen } = createFakeReader(new Map([[3, 2]]))
    const waits: number[] = []
    const bounded = createBoundedPoolReader(reader, {
      callsPerRequest: 3,
      concurrency: 4,
      retries: 2,
      sleep: async (ms) => {
        waits.push(ms)
      },
    })
    const result = await bounded.multicall({ contracts: calls(6) } as never)
    expect(result).toEqual([0, 10, 20, 30, 40, 50])
    expect(seen.requests.filter((r) => r[0] === 3)).toHaveLength(3)
    expect(waits).toEqual([500, 1_000])
  })

  it('fails after its retries, naming the request', async () => {
    const { reader } = createFakeReader(new Map([[0, 5]]))
    const bounded = createBoundedPoolReader(reader, { callsPerRequest: 2, retries: 1, ...noSleep })
    await expect(bounded.multicall({ contracts: calls(4) } as never)).rejects.toThrow('request at 0 failed')
  })
})
