import { describe, expect, it } from 'vitest'
import type { PoolState } from '../poolKinds/poolKinds'
import { makeV2Pool, makeV3Pool, testAddress } from '../poolKinds/testPools'
import { createHopCache, findRoutes } from '../routing'
import { planQuotes, type QuotePlanInput } from './planQuotes'
import type { TradeToken } from './resolveTradeTokens'
import { swapGasPathKey } from './swapGasPathKey'

const E18 = 10n ** 18n
const A = testAddress(0x1)
const B = testAddress(0x2)
const RECEIVER = testAddress(0xbeef)
const FEE_RECEIVER = testAddress(0xfee)

const side = (address: typeof A, symbol: string): TradeToken => ({
  address,
  routeAddress: address,
  isNative: false,
  symbol,
  name: symbol,
  decimals: 18,
  transferFeeBps: 0,
  info: undefined,
})

const input = (feeBps = 0): QuotePlanInput => ({
  tokenIn: side(A, 'A'),
  tokenOut: side(B, 'B'),
  tradeType: 'exactIn',
  slippageBps: 50,
  feeBps,
  feeReceiver: feeBps > 0 ? FEE_RECEIVER : testAddress(0),
  swap: { receiver: RECEIVER, integratorId: `0x${'00'.repeat(32)}` },
  deadline: 1_900_000_000n,
  quoteDeadline: 1_900_000_000,
  blockNumber: 7n,
  gasPrice: 0n,
  prices: { tokenIn: 1, tokenOut: 1, native: 3000 },
})

/** The best quote of `amount` of A for B over `pools`. */
function bestQuote(pools: PoolState[], amount: bigint, feeBps = 0) {
  const found = findRoutes(
    {
      pools,
      tokenIn: A,
      tokenOut: B,
      tradeType: 'exactIn',
      amount,
      connectors: [A, B],
      feeBps,
      hopCache: createHopCache(),
    },
    { perExchange: false },
  )
  const [best] = planQuotes(input(feeBps), found)
  if (!best) throw new Error('no quote')
  return best
}

const pair = makeV2Pool({ id: 1, tokenA: A, tokenB: B, reserveA: 1_000n * E18, reserveB: 1_000n * E18 })
// a V3 pool at price 1 with a second range: a swap down past tick -600 crosses it and goes on
const concentrated = makeV3Pool({
  id: 2,
  token0: A,
  token1: B,
  tick: 0,
  positions: [
    { lower: -600, upper: 600, liquidity: 10n ** 21n },
    { lower: -1800, upper: 1800, liquidity: 10n ** 21n },
  ],
})

describe('swapGasPathKey', () => {
  it("names a pair's swap by function, tokens, receiver and pool, whatever the amount", () => {
    const key = swapGasPathKey(bestQuote([pair], E18), [])
    expect(key).toBe(`exactIn,${A},${B},${RECEIVER},,,,|,${pair.address}>${B}:`)
    expect(swapGasPathKey(bestQuote([pair], 3n * E18 + 12_345n), [])).toBe(key)
  })

  it('tells apart swaps of a V3 pool that end in other price segments', () => {
    const small = swapGasPathKey(bestQuote([concentrated], E18), [])
    expect(small).toBe(`exactIn,${A},${B},${RECEIVER},,,,|,${concentrated.address}>${B}:1:inside:0`)
    expect(swapGasPathKey(bestQuote([concentrated], 2n * E18), [])).toBe(small)
    expect(swapGasPathKey(bestQuote([concentrated], 100n * E18), [])).toBe(
      `exactIn,${A},${B},${RECEIVER},,,,|,${concentrated.address}>${B}:2:inside:1`,
    )
  })

  it('tells apart a call that pays the integrator fee from one whose fee rounds to nothing', () => {
    const paid = swapGasPathKey(bestQuote([pair], E18, 30), [])
    expect(paid).toBe(`exactIn,${A},${B},${RECEIVER},${FEE_RECEIVER},fee,,|,${pair.address}>${B}:`)
    // the 0.3% fee of what 100 wei buys rounds to 0: the Aggregator skips the fee transfer
    const unpaid = bestQuote([pair], 100n, 30)
    expect(unpaid.route.feeAmount).toBe(0n)
    expect(swapGasPathKey(unpaid, [])).toBe(
      `exactIn,${A},${B},${RECEIVER},${FEE_RECEIVER},,,|,${pair.address}>${B}:`,
    )
  })

  it('has no key for a route through a taxed token, nor for a quote without a call', () => {
    expect(swapGasPathKey(bestQuote([pair], E18), [B.toLowerCase()])).toBeUndefined()
    expect(swapGasPathKey({ ...bestQuote([pair], E18), call: undefined }, [])).toBeUndefined()
  })
})
