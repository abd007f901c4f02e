import { type Address, type Hex, zeroAddress } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import type { ChainMarket } from '../market/createChainMarket'
import { testAddress } from '../poolKinds/testPools'
import { createSwapEstimateMemo, type EstimateSwapParams, estimateSwap } from './estimateSwap'

const SENDER = testAddress(0x5e4d)
const BLOCK = { blockNumber: 7n, blockHash: `0x${'07'.repeat(32)}` as const }

/** A market whose node answers `estimateGas` with `answer` and holds 1 ETH for everyone. */
function marketWith(answer: (data: Hex) => bigint) {
  const estimateGas = vi.fn(async ({ data }: { data: Hex }) => {
    const gas = answer(data)
    if (gas === 0n) throw new Error('execution reverted')
    return gas
  })
  const market = {
    client: { estimateGas, getBalance: async () => 10n ** 18n },
    deployment: { aggregator: testAddress(0xa99) },
    swapEstimates: createSwapEstimateMemo(),
  } as unknown as ChainMarket
  return { market, estimateGas }
}

/** A native-in swap of `amount` with calldata `data` along `pathKey`. */
const swap = (data: Hex, pathKey: string | undefined, sender: Address = SENDER): EstimateSwapParams => ({
  sender,
  tokenIn: zeroAddress,
  amountIn: 1_000n,
  data,
  value: 1_000n,
  ...(pathKey === undefined ? {} : { pathKey }),
})

describe('estimateSwap', () => {
  it("gives a transaction of a path estimated at the block that estimate, moved by its calldata's cost", async () => {
    const { market, estimateGas } = marketWith(() => 200_000n)
    const first = await estimateSwap(market, swap('0xaa00', 'path'), BLOCK)
    // one zero byte became another byte: 12 gas more, then the 30% margin
    const second = await estimateSwap(market, swap('0xaabb', 'path'), BLOCK)
    expect(first.estimateGas).toBe('260000')
    expect(second.estimateGas).toBe(String(((200_000n + 12n) * 130n) / 100n))
    expect(estimateGas).toHaveBeenCalledTimes(1)
  })

  it('estimates each transaction of a path whose first estimate reverted, and of another sender or path', async () => {
    const { market, estimateGas } = marketWith((data) => (data === '0xaa00' ? 0n : 150_000n))
    const reverted = await estimateSwap(market, swap('0xaa00', 'path'), BLOCK)
    expect(reverted.estimateGasError).toBe('Gas estimation failed')
    expect((await estimateSwap(market, swap('0xaabb', 'path'), BLOCK)).estimateGas).toBe('195000')
    expect(estimateGas).toHaveBeenCalledTimes(2)
    await estimateSwap(market, swap('0xaacc', 'other'), BLOCK)
    await estimateSwap(market, swap('0xaacc', 'other', testAddress(0x0def)), BLOCK)
    await estimateSwap(market, swap('0xaadd', undefined), BLOCK)
    expect(estimateGas).toHaveBeenCalledTimes(5)
  })
})
