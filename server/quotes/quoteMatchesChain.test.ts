import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  isAddressEqual,
  parseUnits,
  zeroAddress,
} from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { aggregatorAbi } from '../../contracts/artifacts'
import { evmChainIds } from '../chains/chainInfo'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { GAS_MARGIN_PERCENT } from './estimateSwap'

/**
 * Differential test: the amounts of `quote/single` are what the chain does, to the wei. Each case asks for
 * a quote with estimation on, sends the returned transaction (or the one `POST swap/single` rebuilds from the
 * quote's transactionData) and compares balance deltas with the quote.
 */

const SENDER = 0
const RECEIVER = 1
const FEE_RECEIVER = 2

interface Case {
  chainId: number
  name: string
  /** Token symbol, or 'native'. */
  from: string
  to: string
  /** USD worth of the exact side (input for exact in, output for exact out). */
  usd: number
  exactOut?: boolean
  /** Execute the transaction `POST swap/single` returns instead of the quote's own `data`. */
  viaPost?: boolean
  feePercentage?: string
  /** The best route must use at least this many legs / hops in one leg. */
  minLegs?: number
  minHops?: number
  /** The best route must be a split-and-merge flow (`swapExactInRoute`). */
  flow?: boolean
  /** Route through this exchange alone (`excludedDexes` names every other one); every pool must be of it. */
  onlyDex?: string
}

function longTailOf(h: DevnetHarness, chainId: number): string[] {
  return h
    .deployment(chainId)
    .tokens.filter((t) => t.tags.includes('long-tail') && !t.tags.includes('fee-on-transfer'))
    .map((t) => t.symbol)
}

function casesFor(h: DevnetHarness, chainId: number): Case[] {
  const [longTail] = longTailOf(h, chainId)
  const stable =
    h
      .deployment(chainId)
      .tokens.filter((t) => t.tags.includes('stable'))
      .at(-1)?.symbol ?? 'USDC'
  const cases: Case[] = [
    // Large enough to split on chain 1; elsewhere a deep V3 pool may rightly take it all.
    {
      chainId,
      name: 'native in, large',
      from: 'native',
      to: 'USDC',
      usd: 800_000,
      ...(chainId === 1 ? { minLegs: 2 } : {}),
    },
    {
      chainId,
      name: 'native out, exact out',
      from: 'USDC',
      to: 'native',
      usd: 500,
      exactOut: true,
      viaPost: true,
    },
    { chainId, name: 'TAX in, via a connector', from: 'TAX', to: 'USDC', usd: 150, minHops: 2 },
  ]
  // On every chain's devnet, USDC to LINK at $40k pays most net of gas as a flow that legs cannot express (pools
  // merge or fan out at an intermediate token).
  const link = h.deployment(chainId).tokens.find((t) => t.symbol.startsWith('LINK'))?.symbol
  if (link) {
    cases.push({
      chainId,
      name: 'split-and-merge flow',
      from: 'USDC',
      to: link,
      usd: 40_000,
      flow: true,
      viaPost: true,
    })
  }
  // Uniswap V4 alone: its native ETH pools both ways, and two hops through one PoolManager
  const symbolLike = (pattern: RegExp) =>
    h.deployment(chainId).tokens.find((t) => pattern.test(t.symbol))?.symbol
  const btc = symbolLike(/BTC/)
  const dai = symbolLike(/^DAI/)
  cases.push(
    {
      chainId,
      name: 'Uniswap V4 only, native in',
      from: 'native',
      to: 'USDC',
      usd: 4_000,
      onlyDex: 'uniswap-v4',
    },
    {
      chainId,
      name: 'Uniswap V4 only, native out, exact out',
      from: 'USDC',
      to: 'native',
      usd: 700,
      exactOut: true,
      onlyDex: 'uniswap-v4',
    },
  )
  // Algebra Integral alone: native in and out through its wrapped native pool, two hops over its own pools
  cases.push(
    {
      chainId,
      name: 'Algebra only, native in',
      from: 'native',
      to: 'USDC',
      usd: 6_000,
      onlyDex: 'algebra-integral',
    },
    {
      chainId,
      name: 'Algebra only, native out, exact out',
      from: 'USDC',
      to: 'native',
      usd: 900,
      exactOut: true,
      onlyDex: 'algebra-integral',
    },
  )
  if (btc && dai) {
    cases.push(
      {
        chainId,
        name: 'Uniswap V4 only, two hops',
        from: btc,
        to: dai,
        usd: 9_000,
        onlyDex: 'uniswap-v4',
        minHops: 2,
      },
      {
        chainId,
        name: 'Algebra only, two hops',
        from: btc,
        to: dai,
        usd: 7_000,
        onlyDex: 'algebra-integral',
        minHops: 2,
      },
    )
  }
  if (longTail) {
    cases.push({
      chainId,
      name: `long-tail ${longTail} to stable`,
      from: longTail,
      to: stable,
      usd: 300,
      viaPost: true,
    })
  }
  return cases
}

const chainOneExtras: Case[] = [
  { chainId: 1, name: 'USDT (no return value) in', from: 'USDT', to: 'WBTC', usd: 20_000 },
  { chainId: 1, name: 'long-tail to long-tail', from: 'PEPE', to: 'SHIB', usd: 400, minHops: 3 },
  {
    chainId: 1,
    name: 'TAX out with integrator fee',
    from: 'native',
    to: 'TAX',
    usd: 200,
    feePercentage: '0.003',
  },
  { chainId: 1, name: 'token to token exact out', from: 'DAI', to: 'USDT', usd: 25_000, exactOut: true },
  {
    chainId: 1,
    name: 'native in exact out, via POST',
    from: 'native',
    to: 'LINK',
    usd: 3_000,
    exactOut: true,
    viaPost: true,
  },
  { chainId: 1, name: 'large USDC to native, split', from: 'USDC', to: 'native', usd: 90_000 },
]

/**
 * Whether route steps merge or fan out at an intermediate token (one that two steps enter or two steps leave,
 * other than the route's input and output): what pool-disjoint legs cannot express.
 */
function mergesOrFansOut(
  steps: readonly { tokenIn: Address; tokenOut: Address }[],
  tokenIn: Address,
  tokenOut: Address,
): boolean {
  const inner = (t: Address) => !isAddressEqual(t, tokenIn) && !isAddressEqual(t, tokenOut)
  const count = (t: Address, side: 'tokenIn' | 'tokenOut') =>
    steps.filter((s) => isAddressEqual(s[side], t)).length
  return steps.some(
    (s) =>
      (inner(s.tokenOut) && count(s.tokenOut, 'tokenOut') > 1) ||
      (inner(s.tokenIn) && count(s.tokenIn, 'tokenIn') > 1),
  )
}

describe('quote/single matches the chain to the wei', () => {
  let h: DevnetHarness
  let restore: (() => Promise<void>) | undefined

  beforeAll(async () => {
    h = await startDevnetHarness({})
  })
  afterEach(async () => {
    await restore?.()
    restore = undefined
  })
  afterAll(async () => {
    await h?.stop()
  })

  const tokenAddress = (chainId: number, symbol: string): Address =>
    symbol === 'native' ? zeroAddress : h.token(chainId, symbol).address
  const routeAddress = (chainId: number, symbol: string): Address =>
    symbol === 'native' ? h.deployment(chainId).wrappedNative : h.token(chainId, symbol).address
  const decimalsOf = (chainId: number, symbol: string) =>
    symbol === 'native' ? 18 : h.token(chainId, symbol).decimals
  const amountForUsd = (chainId: number, symbol: string, usd: number) => {
    const price = h.markets.get(chainId).getUsdPrice(routeAddress(chainId, symbol))
    if (price === undefined) throw new Error(`no USD price for ${symbol} on ${chainId}`)
    const decimals = decimalsOf(chainId, symbol)
    return parseUnits((usd / price).toFixed(Math.min(decimals, 12)), decimals)
  }

  const run = async (c: Case) => {
    const { chainId } = c
    restore = await h.snapshot([chainId])
    const sender = h.account(SENDER).address
    const receiver = h.account(RECEIVER).address
    const feeReceiver = h.account(FEE_RECEIVER).address
    const wallet = h.walletClient(chainId, SENDER)
    const { aggregator } = h.deployment(chainId)
    const from = tokenAddress(chainId, c.from)
    const to = tokenAddress(chainId, c.to)
    if (from !== zeroAddress) await h.approve(wallet, from)
    await h.refreshAll()

    const amount = amountForUsd(chainId, c.exactOut ? c.to : c.from, c.usd)
    const query = new URLSearchParams({
      fromTokenAddress: from,
      toTokenAddress: to,
      amount: amount.toString(),
      sender,
      receiver,
      slippage: '0.01',
      disableEstimate: 'false',
      ...(c.exactOut ? { isExactOut: 'true' } : {}),
      ...(c.feePercentage ? { feePercentage: c.feePercentage, feeReceiver } : {}),
      ...(c.onlyDex
        ? {
            excludedDexes: JSON.stringify({
              [chainId]: h
                .deployment(chainId)
                .exchanges.map((e) => e.id)
                .filter((id) => id !== c.onlyDex),
            }),
          }
        : {}),
    })
    const res = await h.request(`/trade/v1/${chainId}/quote/single?${query}`)
    const quotes = (await res.json()) as Record<string, unknown>[]
    expect(res.status, JSON.stringify(quotes)).toBe(200)
    const [best] = quotes
    if (!best) throw new Error('no quote')
    expect(best.isBest).toBe(true)
    expect(best.estimateGasError, `estimate: ${String(best.estimateGasError)}`).toBeUndefined()
    expect(BigInt(String(best.estimateGas))).toBeGreaterThan(0n)
    const protocol = best.protocol as { route: Address[]; pools: { exchangeId: string }[] }[]
    if (c.onlyDex)
      expect(protocol.flatMap((p) => p.pools.map((pool) => pool.exchangeId))).toSatisfy(
        (ids: string[]) => ids.length > 0 && ids.every((id) => id === c.onlyDex),
      )
    if (c.minLegs) expect(protocol.length).toBeGreaterThanOrEqual(c.minLegs)
    if (c.minHops)
      expect(Math.max(...protocol.map((p) => p.route.length - 1))).toBeGreaterThanOrEqual(c.minHops)
    const call = decodeFunctionData({ abi: aggregatorAbi, data: best.data as Hex })
    if (c.flow) {
      expect(call.functionName).toBe('swapExactInRoute')
      if (call.functionName === 'swapExactInRoute')
        expect(
          mergesOrFansOut(call.args[1], routeAddress(chainId, c.from), routeAddress(chainId, c.to)),
        ).toBe(true)
    }

    await expectNodeEstimates(c, query, amount)

    let data = best.data as Hex
    let value = BigInt(String(best.nativeValue))
    const post = await h.request(`/trade/v1/${chainId}/swap/single`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        transactionData: best.transactionData,
        account: sender,
        receiver,
        nativeValue: value.toString(),
      }),
    })
    const swap = (await post.json()) as Record<string, unknown>
    expect(post.status, JSON.stringify(swap)).toBe(200)
    expect(swap.data).toBe(best.data)
    expect(swap.value).toBe(best.nativeValue)
    if (c.viaPost) {
      data = swap.data as Hex
      value = BigInt(String(swap.value))
    }

    const intermediates = [...new Set(protocol.flatMap((p) => p.route.slice(1, -1)))]
    const watched = [
      ...new Set([zeroAddress, routeAddress(chainId, c.from), routeAddress(chainId, c.to), ...intermediates]),
    ]
    const balances = async () => ({
      senderIn: await h.balanceOf(chainId, from, sender),
      receiverOut: await h.balanceOf(chainId, to, receiver),
      feeOut: await h.balanceOf(chainId, to, feeReceiver),
      aggregator: await Promise.all(watched.map((t) => h.balanceOf(chainId, t, aggregator))),
    })
    const before = await balances()
    const receipt = await h.sendAndWait(wallet, { to: getAddress(String(best.to)), data, value })
    const after = await balances()

    const gasPaid = from === zeroAddress ? receipt.gasUsed * receipt.effectiveGasPrice : 0n
    expect(after.receiverOut - before.receiverOut).toBe(BigInt(String(best.toTokenAmount)))
    expect(before.senderIn - after.senderIn - gasPaid).toBe(BigInt(String(best.fromTokenAmount)))
    // The fee transfer of a taxed output token is taxed like any other transfer.
    const fee = BigInt(String(best.fee))
    const outTaxBps = BigInt(c.to === 'native' ? 0 : (h.token(chainId, c.to).transferFeeBps ?? 0))
    expect(after.feeOut - before.feeOut).toBe(fee - (fee * outTaxBps) / 10_000n)
    if (c.feePercentage) expect(BigInt(String(best.fee))).toBeGreaterThan(0n)
    expect(after.aggregator).toEqual(watched.map(() => 0n))
    expect(isAddressEqual(getAddress(String(best.to)), aggregator)).toBe(true)
  }

  /**
   * A request for a little more in the same block: its quotes mostly take the code paths the first answer's
   * took, whose estimates they share (see `estimateSwap`), and each estimate is the node's own for its
   * transaction, to the gas.
   */
  const expectNodeEstimates = async (c: Case, query: URLSearchParams, amount: bigint) => {
    const { chainId } = c
    const market = h.markets.get(chainId)
    const nudged = new URLSearchParams(query)
    nudged.set('amount', (amount + amount / 1_000_000n + 1n).toString())
    const estimates = vi.spyOn(market.client, 'estimateGas')
    let quotes: Record<string, unknown>[]
    try {
      const res = await h.request(`/trade/v1/${chainId}/quote/single?${nudged}`)
      quotes = (await res.json()) as Record<string, unknown>[]
      expect(res.status, JSON.stringify(quotes)).toBe(200)
      const taxed = [c.from, c.to].some(
        (symbol) => symbol !== 'native' && (h.token(chainId, symbol).transferFeeBps ?? 0) > 0,
      )
      // a route through a taxed token has no code path to share (its token may branch on the amount); others
      // share at least one (a larger amount may change a split's order or a V3 swap's steps)
      const distinct = new Set(quotes.map((q) => q.data)).size
      if (!taxed) expect(estimates.mock.calls.length).toBeLessThan(distinct)
    } finally {
      estimates.mockRestore()
    }
    const { blockNumber } = market.getSnapshot()
    for (const q of quotes) {
      expect(q.estimateGasError, `estimate: ${String(q.estimateGasError)}`).toBeUndefined()
      const node = await market.client.estimateGas({
        account: h.account(SENDER).address,
        to: market.deployment.aggregator,
        data: q.data as Hex,
        value: BigInt(String(q.nativeValue)),
        blockNumber,
      })
      expect(BigInt(String(q.estimateGas))).toBe((node * GAS_MARGIN_PERCENT) / 100n)
    }
  }

  const allCases = () => [...evmChainIds.flatMap((id) => casesFor(h, id)), ...chainOneExtras]

  it('covers every chain with native in/out, a taxed token, exact out, a long-tail route, a flow, V4 and Algebra', () => {
    const cases = allCases()
    for (const dex of ['uniswap-v4', 'algebra-integral']) {
      expect(new Set(cases.filter((c) => c.onlyDex === dex && c.minHops).map((c) => c.chainId))).toEqual(
        new Set(evmChainIds),
      )
    }
    expect(new Set(cases.map((c) => c.chainId))).toEqual(new Set(evmChainIds))
    expect(cases.some((c) => c.exactOut)).toBe(true)
    expect(new Set(cases.filter((c) => c.flow).map((c) => c.chainId))).toEqual(new Set(evmChainIds))
  })

  it('lists six venues of four designs on Ethereum and five on every other chain, each with a logo', async () => {
    const res = await h.request('/trade/v1/info/sources')
    const sources = (await res.json()) as Record<string, { id: string; kind: string; logo: string | null }[]>
    for (const chainId of evmChainIds) {
      const venues = sources[String(chainId)] ?? []
      expect(venues.length).toBe(chainId === 1 ? 6 : 5)
      expect(new Set(venues.map((v) => v.kind))).toEqual(
        new Set(['uniswap-v2', 'uniswap-v3', 'uniswap-v4', 'algebra-integral']),
      )
      expect(venues.every((v) => v.logo?.startsWith('/exchanges/'))).toBe(true)
    }
  })

  for (const chainId of evmChainIds) {
    it(`chain ${chainId}`, async () => {
      for (const c of [...casesFor(h, chainId), ...chainOneExtras.filter((x) => x.chainId === chainId)]) {
        try {
          await run(c)
        } catch (error: unknown) {
          throw new Error(
            `case "${c.name}" (${c.from} -> ${c.to}): ${error instanceof Error ? error.message : String(error)}`,
            { cause: error },
          )
        } finally {
          await restore?.()
          restore = undefined
        }
      }
    })
  }
})
