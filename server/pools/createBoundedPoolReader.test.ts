import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  type Hex,
  multicall3Abi,
  numberToHex,
  parseAbi,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { createBoundedPoolReader, type PoolNodeClient } from './createBoundedPoolReader'

/** `value(i)` answers i times 10 on the node double. */
const valueAbi = parseAbi(['function value(uint256 index) view returns (uint256)'])
const MULTICALL = '0x00000000000000000000000000000000000000ca'

/**
 * A node double of Multicall3's `aggregate3` (its `eth_call`s): answers each `value(i)` call with i times 10, failing the requests
 * whose first call's index is listed in `failures` (that many times each); a call to `index` 666 reverts.
 */
function createFakeReader(failures: Map<number, number> = new Map()) {
  const seen = { requests: [] as number[][], maxInFlight: 0, inFlight: 0 }
  const reader = {
    request: async ({ method, params }: { method: string; params: [{ to: string; data: Hex }, string] }) => {
      expect([method, params[0].to]).toEqual(['eth_call', MULTICALL])
      const aggregate = decodeFunctionData({ abi: multicall3Abi, data: params[0].data })
      expect(aggregate.functionName).toBe('aggregate3')
      const indexes = (aggregate.args[0] as readonly { callData: Hex }[]).map((call) =>
        Number(decodeFunctionData({ abi: valueAbi, data: call.callData }).args[0]),
      )
      const first = indexes[0] ?? -1
      seen.requests.push(indexes)
      seen.inFlight++
      seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5))
      seen.inFlight--
      const left = failures.get(first) ?? 0
      if (left > 0) {
        failures.set(first, left - 1)
        throw new Error(`request at ${first} failed`)
      }
      return encodeFunctionResult({
        abi: multicall3Abi,
        functionName: 'aggregate3',
        result: indexes.map((index) =>
          index === 666
            ? { success: false, returnData: '0x' as Hex }
            : { success: true, returnData: encodeAbiParameters([{ type: 'uint256' }], [BigInt(index * 10)]) },
        ),
      })
    },
    getContractEvents: async () => [],
  } as unknown as PoolNodeClient
  return { reader, seen }
}

const contracts = (indexes: readonly number[]) =>
  indexes.map((index) => ({
    address: MULTICALL,
    abi: valueAbi,
    functionName: 'value',
    args: [BigInt(index)],
  }))
const multicallArgs = (indexes: readonly number[], allowFailure = false) =>
  ({ contracts: contracts(indexes), multicallAddress: MULTICALL, allowFailure }) as never
const range = (count: number) => Array.from({ length: count }, (_, index) => index)
const noSleep = { sleep: async () => undefined }

describe('createBoundedPoolReader', () => {
  it('cuts calls into requests of callsPerRequest, at most `concurrency` in flight, results in order', async () => {
    const { reader, seen } = createFakeReader()
    const bounded = createBoundedPoolReader(reader, { callsPerRequest: 3, concurrency: 2, ...noSleep })
    const result = await bounded.multicall(multicallArgs(range(10)))
    expect(result).toEqual([0n, 10n, 20n, 30n, 40n, 50n, 60n, 70n, 80n, 90n])
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
    const result = await bounded.multicall(multicallArgs(range(6)))
    expect(result).toEqual([0n, 10n, 20n, 30n, 40n, 50n])
    expect(seen.requests.filter((r) => r[0] === 3)).toHaveLength(3)
    expect(waits).toEqual([500, 1_000])
  })

  it('fails after its retries, naming the request', async () => {
    const { reader } = createFakeReader(new Map([[0, 5]]))
    const bounded = createBoundedPoolReader(reader, { callsPerRequest: 2, retries: 1, ...noSleep })
    await expect(bounded.multicall(multicallArgs(range(4)))).rejects.toThrow('request at 0 failed')
  })

  it('a reverted call: fails the multicall without allowFailure, else is a failure in its place', async () => {
    const { reader } = createFakeReader()
    const bounded = createBoundedPoolReader(reader, noSleep)
    await expect(bounded.multicall(multicallArgs([1, 666, 2]))).rejects.toThrow('value on')
    const results = (await bounded.multicall(multicallArgs([1, 666, 2], true))) as unknown as {
      status: string
      result?: bigint
    }[]
    expect(results.map((r) => [r.status, r.result])).toEqual([
      ['success', 10n],
      ['failure', undefined],
      ['success', 20n],
    ])
  })

  describe('log queries', () => {
    /**
     * A hosted node's double: one log per block number in `blocks`; refuses a query of more than 2,000 blocks or
     * more than 10,000 logs, and fails its first `failFirst` queries whatever they ask.
     */
    function createRangeLimitedReader(blocks: readonly bigint[], failFirst = 0) {
      let failures = failFirst
      const asked: [bigint, bigint][] = []
      const topicsAsked: unknown[] = []
      const answer = (fromBlock: bigint, toBlock: bigint) => {
        asked.push([fromBlock, toBlock])
        if (failures-- > 0) throw new Error('timeout')
        if (toBlock - fromBlock + 1n > 2_000n) throw new Error('block range too large')
        const logs = blocks.filter((b) => b >= fromBlock && b <= toBlock)
        if (logs.length > 10_000) throw new Error('query returned more than 10000 results')
        return logs
      }
      const reader = {
        multicall: async () => [],
        getContractEvents: async (args: { fromBlock: bigint; toBlock: bigint }) =>
          answer(args.fromBlock, args.toBlock).map((blockNumber) => ({ blockNumber })),
        // eth_getLogs in the node's own shape (hex numbers)
        request: async ({ params }: { params: [{ fromBlock: Hex; toBlock: Hex; topics: unknown }] }) => {
          topicsAsked.push(params[0].topics)
          return answer(BigInt(params[0].fromBlock), BigInt(params[0].toBlock)).map((blockNumber, i) => ({
            address: '0x00000000000000000000000000000000000000a1',
            topics: ['0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1'],
            data: '0x',
            blockNumber: numberToHex(blockNumber),
            logIndex: numberToHex(i),
          }))
        },
      } as unknown as PoolNodeClient
      return { reader, asked, topicsAsked }
    }

    it('asks at most 2,000 blocks at once, halves a span refused for too many logs, keeps every log once in order', async () => {
      // sparse history, then 30,000 logs in 3,000 blocks (10 a block, as a busy factory), then sparse again
      const blocks: bigint[] = []
      for (let b = 0n; b < 20_000n; b += 7n) blocks.push(b)
      for (let b = 20_000n; b < 23_000n; b++) for (let k = 0; k < 10; k++) blocks.push(b)
      for (let b = 23_001n; b <= 30_000n; b += 11n) blocks.push(b)
      const { reader, asked } = createRangeLimitedReader(blocks)
      const bounded = createBoundedPoolReader(reader, noSleep)
      const logs = (await bounded.getContractEvents({
        fromBlock: 0n,
        toBlock: 30_000n,
      } as never)) as unknown as {
        blockNumber: bigint
      }[]
      expect(logs.map((l) => l.blockNumber)).toEqual(blocks)
      expect(asked.every(([from, to]) => to - from + 1n <= 2_000n)).toBe(true)
      // the dense blocks were asked in halves until a span held at most 10,000 logs
      expect(asked.some(([from, to]) => from >= 20_000n && to < 23_000n && to - from + 1n <= 1_000n)).toBe(
        true,
      )
      // contiguous and complete: the answered spans cover 0..30,000 exactly once
      const answered = asked.filter(([from, to]) => {
        const count = blocks.filter((b) => b >= from && b <= to).length
        return to - from + 1n <= 2_000n && count <= 10_000
      })
      expect(answered[0]?.[0]).toBe(0n)
      for (let i = 1; i < answered.length; i++)
        expect(answered[i]?.[0]).toBe((answered[i - 1]?.[1] ?? 0n) + 1n)
      expect(answered.at(-1)?.[1]).toBe(30_000n)
    })

    it('raw logs by topic 0: the same spans, every log once in block order, numbers as bigints', async () => {
      const blocks: bigint[] = []
      for (let b = 0n; b < 3_000n; b++) for (let k = 0; k < 6; k++) blocks.push(b)
      const { reader, asked, topicsAsked } = createRangeLimitedReader(blocks)
      const bounded = createBoundedPoolReader(reader, noSleep)
      const sync = '0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1'
      const logs = await bounded.getLogsByTopic({ topic0s: [sync], fromBlock: 0n, toBlock: 2_999n })
      expect(logs.map((l) => l.blockNumber)).toEqual(blocks)
      expect(asked.every(([from, to]) => to - from + 1n <= 2_000n)).toBe(true)
      // 18,000 logs: a span of 2,000 blocks (12,000 logs) is refused, one of 1,000 is not
      expect(asked.slice(0, 3)).toEqual([
        [0n, 1_999n],
        [0n, 999n],
        [1_000n, 2_999n],
      ])
      expect(topicsAsked.every((t) => JSON.stringify(t) === JSON.stringify([[sync]]))).toBe(true)
    })

    it('a failing node: halves down to one block, then retries it with backoff; nothing lost', async () => {
      const { reader } = createRangeLimitedReader([3n, 5n, 8n], 5)
      const waits: number[] = []
      const bounded = createBoundedPoolReader(reader, {
        sleep: async (ms) => {
          waits.push(ms)
        },
      })
      const logs = await bounded.getContractEvents({ fromBlock: 0n, toBlock: 9n } as never)
      expect((logs as unknown as { blockNumber: bigint }[]).map((l) => l.blockNumber)).toEqual([3n, 5n, 8n])
      // [0,9], [0,4], [0,1] refused, then block 0 failed twice: retried after 0.5 s and 1 s
      expect(waits).toEqual([500, 1_000])
    })

    it('a block holding more logs than the node answers fails the query after its retries (never a partial list)', async () => {
      const { reader } = createRangeLimitedReader(Array.from({ length: 12_000 }, () => 5n))
      const bounded = createBoundedPoolReader(reader, { retries: 1, ...noSleep })
      await expect(bounded.getContractEvents({ fromBlock: 0n, toBlock: 9n } as never)).rejects.toThrow(
        'more than 10000 results',
      )
    })
  })
})
