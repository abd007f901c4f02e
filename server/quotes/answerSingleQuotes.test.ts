import { describe, expect, it } from 'vitest'
import { decodeJsonBytes, joinJsonArray, toJsonText } from '../http/jsonText'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import { createHopCache, findRoutes } from '../routing'
import { answerSingleQuotes, draftSingleQuotes, type SingleQuoteJob } from './answerSingleQuotes'
import { buildSwapCalldata } from './buildSwapCalldata'
import type { ChainQuoteView } from './chainQuoteView'
import { formatSingleQuote } from './formatSingleQuote'
import { planQuotes } from './planQuotes'
import type { TradeToken } from './resolveTradeTokens'
import { swapGasPathKey } from './swapGasPathKey'

const E18 = 10n ** 18n
const E6 = 10n ** 6n
const WETH = testAddress(0x1)
const USDC = testAddress(0x2)
const DAI = testAddress(0x3)

const side = (address: typeof WETH, symbol: string, decimals: number): TradeToken => ({
  address,
  routeAddress: address,
  isNative: false,
  symbol,
  name: symbol,
  decimals,
  transferFeeBps: 0,
  info: undefined,
})

const view: ChainQuoteView = {
  chainId: 1,
  aggregator: testAddress(0xa99),
  exchanges: [
    { id: 'uniswap-v2', name: 'Uniswap V2' },
    { id: 'sushiswap', name: 'SushiSwap' },
  ],
  taxedTokens: [],
}

const job: SingleQuoteJob = {
  input: {
    tokenIn: side(WETH, 'WETH', 18),
    tokenOut: side(USDC, 'USDC', 6),
    tradeType: 'exactIn',
    slippageBps: 50,
    feeBps: 0,
    feeReceiver: testAddress(0),
    swap: { receiver: testAddress(0xbeef), integratorId: `0x${'00'.repeat(32)}` },
    deadline: 1_900_000_000n,
    quoteDeadline: 1_900_000_000,
    blockNumber: 7n,
    gasPrice: 1_000_000_000n,
    prices: { tokenIn: 3000, tokenOut: 1, native: 3000 },
  },
  requestId: 'request-1',
  uuid: undefined,
}

/** The answer as formatted quote by quote, without reusing any quote's text. */
const formatEach = (found: ReturnType<typeof findRoutes>) =>
  toJsonText(
    planQuotes(job.input, found).map((q) =>
      formatSingleQuote(view, q, { requestId: 'request-1', uuid: undefined }),
    ),
  )

describe('answerSingleQuotes', () => {
  it("writes an exchange's quote of the best route from the best quote's text, byte for byte as formatting it", () => {
    // Uniswap V2 holds the only deep WETH/USDC pool: its route is the best one; SushiSwap routes through DAI,
    // worse
    const pools = [
      makeV2Pool({ id: 1, tokenA: WETH, tokenB: USDC, reserveA: 1_000n * E18, reserveB: 3_000_000n * E6 }),
      makeV2Pool({
        id: 2,
        tokenA: WETH,
        tokenB: DAI,
        reserveA: 10n * E18,
        reserveB: 29_000n * E18,
        exchangeId: 'sushiswap',
        factoryId: 2,
      }),
      makeV2Pool({
        id: 3,
        tokenA: DAI,
        tokenB: USDC,
        reserveA: 100_000n * E18,
        reserveB: 100_000n * E6,
        exchangeId: 'sushiswap',
        factoryId: 2,
      }),
    ]
    const found = findRoutes(
      {
        pools,
        tokenIn: WETH,
        tokenOut: USDC,
        tradeType: 'exactIn',
        amount: E18,
        connectors: [WETH, USDC, DAI],
        gasPriceWei: 1_000_000_000n,
        nativePriceInTokenOut: { num: 3n, den: 1_000_000_000_000n },
        hopCache: createHopCache(),
      },
      { perExchange: true },
    )
    expect(found.perExchange.map((r) => r.exchangeId)).toEqual(['uniswap-v2', 'sushiswap'])
    // the pooled route, over Uniswap V2's pools only, stands for Uniswap V2's route (not searched again)
    expect(found.perExchange[0]?.route).toBe(found.best)
    const text = decodeJsonBytes(answerSingleQuotes(view, job, found))
    expect(text).toBe(formatEach(found))
    const quotes = JSON.parse(text) as { isBest: boolean; exchangeId: string; toTokenAmount: string }[]
    expect(quotes.map((q) => [q.isBest, q.exchangeId])).toEqual([
      [true, 'best'],
      [false, 'uniswap-v2'],
      [false, 'sushiswap'],
    ])
    expect(quotes[1]?.toTokenAmount).toBe(quotes[0]?.toTokenAmount)
    // an equal copy of the best route (as a route that crossed threads) is written from the best quote's text too
    const copied = {
      ...found,
      perExchange: found.perExchange.map((e) =>
        e.route === found.best ? { ...e, route: structuredClone(e.route) } : e,
      ),
    }
    expect(copied.perExchange[0]?.route).not.toBe(found.best)
    expect(decodeJsonBytes(answerSingleQuotes(view, job, copied))).toBe(text)
    // drafts (estimation on) likewise: each quote's text, and the transaction its own call encodes
    const drafts = draftSingleQuotes(view, job, found)
    expect(joinJsonArray(drafts.map((d) => d.json))).toBe(text)
    expect(drafts.map((d) => d.tx)).toEqual(
      planQuotes(job.input, found).map((q) => ({
        tokenIn: WETH,
        amountIn: E18,
        data: q.call && buildSwapCalldata(q.call),
        value: 0n,
        pathKey: swapGasPathKey(q, []),
      })),
    )
    expect(drafts[1]?.tx).toEqual(drafts[0]?.tx)
    expect(drafts[2]?.tx).not.toEqual(drafts[0]?.tx)
  })
})
