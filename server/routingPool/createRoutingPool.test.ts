import { type Address, type Hex, parseUnits, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { createSilentLogger } from '../logger'
import { createMarkets, type Markets } from '../market/createMarkets'
import { findRoutes, type RouteRequest, RoutingError } from '../routing'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { createRoutingPool, type RoutingPool } from './createRoutingPool'

const CHAINS = [1, 56]
const NOW = 1_900_000_000_000

/** Request shapes: symbol from, symbol to, amount in whole tokens of the exact side, exact out. */
const SHAPES: [string, string, string, boolean][] = [
  ['WETH', 'USDC', '0.01', false],
  ['WETH', 'USDC', '300', false],
  ['USDC', 'WETH', '250000', false],
  ['DAI', 'USDT', '25000', true],
  ['USDC', 'LINK', '40000', false],
  ['TAX', 'USDC', '500', false],
  ['PEPE', 'SHIB', '30000000', false],
]

describe('routing on worker threads', () => {
  let h: DevnetHarness
  let pool: RoutingPool
  let pooledMarkets: Markets
  let pooledApp: ReturnType<typeof createApp>
  /** One worker: never two idle, so every quote/single answer is planned and serialized on the worker. */
  let soloPool: RoutingPool
  let soloMarkets: Markets
  let soloApp: ReturnType<typeof createApp>

  const appOn = (markets: Markets) =>
    createApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE_IP: '0',
        RATE_LIMIT_PER_MINUTE_KEY: '0',
      }),
      deployments: h.deployments,
      logger: createSilentLogger(),
      markets,
      store: h.store,
      distDir: '/nonexistent/dist',
      now: () => NOW,
    })

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: CHAINS, now: () => NOW })
    // answers too big for its workers' rings: they cross in buffers of their own
    pool = createRoutingPool({ size: 2, answerRingBytes: 4096 })
    soloPool = createRoutingPool({ size: 1 })
    pooledMarkets = createMarkets({
      deployments: h.deployments,
      pollIntervalMs: 3_600_000,
      quoteEngine: pool,
    })
    soloMarkets = createMarkets({
      deployments: h.deployments,
      pollIntervalMs: 3_600_000,
      quoteEngine: soloPool,
    })
    await Promise.all([pooledMarkets.start(), soloMarkets.start()])
    pooledApp = appOn(pooledMarkets)
    soloApp = appOn(soloMarkets)
  })
  afterAll(async () => {
    pooledMarkets?.stop()
    soloMarkets?.stop()
    await pool?.close()
    await soloPool?.close()
    await h?.stop()
  })

  const requestsOf = (chainId: number): RouteRequest[] => {
    const d = h.deployment(chainId)
    const connectors = d.tokens
      .filter((t) => t.tags.some((tag) => tag === 'stable' || tag === 'major' || tag === 'wrapped-native'))
      .map((t) => t.address)
    const bySymbol = (symbol: string) => d.tokens.find((t) => t.symbol === symbol)
    return SHAPES.flatMap(([from, to, whole, exactOut]): RouteRequest[] => {
      const tokenIn = bySymbol(
        from === 'WETH' ? (d.tokens.find((t) => t.tags.includes('wrapped-native'))?.symbol ?? from) : from,
      )
      const tokenOut = bySymbol(
        to === 'WETH' ? (d.tokens.find((t) => t.tags.includes('wrapped-native'))?.symbol ?? to) : to,
      )
      if (!tokenIn || !tokenOut) return []
      const base: RouteRequest = {
        tokenIn: tokenIn.address,
        tokenOut: tokenOut.address,
        tradeType: exactOut ? 'exactOut' : 'exactIn',
        amount: parseUnits(whole, exactOut ? tokenOut.decimals : tokenIn.decimals),
        connectors,
        tokens: d.tokens,
        gasPriceWei: 2_000_000_000n,
        nativePriceInTokenOut: { num: 3n, den: 1_000_000_000_000n },
      }
      return [base, { ...base, isSplit: false }, { ...base, feeBps: 30 }]
    })
  }

  it('finds the same routes as this thread, to the wei, and the same routing errors', async () => {
    let compared = 0
    let errors = 0
    for (const chainId of CHAINS) {
      const snapshot = h.markets.get(chainId).getSnapshot()
      for (const request of requestsOf(chainId)) {
        let expected: ReturnType<typeof findRoutes> | RoutingError
        try {
          expected = findRoutes({ ...request, pools: snapshot.pools }, { perExchange: true })
        } catch (error: unknown) {
          if (!(error instanceof RoutingError)) throw error
          expected = error
        }
        const actual = await pool
          .findRoutes(snapshot, request, { perExchange: true })
          .catch((e: unknown) => e)
        if (expected instanceof RoutingError) {
          errors++
          expect(actual).toBeInstanceOf(RoutingError)
          expect(actual).toMatchObject({ code: expected.code, message: expected.message })
        } else {
          compared++
          expect(actual).toEqual(expected)
        }
      }
    }
    expect(compared).toBeGreaterThan(30)
    expect(errors).toBeLessThan(compared)
  })

  it('rejects with the RoutingError the search threw in the worker', async () => {
    const d = h.deployment(1)
    const usdc = h.token(1, 'USDC')
    const weth = h.token(1, d.tokens.find((t) => t.tags.includes('wrapped-native'))?.symbol ?? 'WETH')
    const request: RouteRequest = {
      tokenIn: usdc.address,
      tokenOut: weth.address,
      tradeType: 'exactIn',
      amount: 0n,
      connectors: [],
    }
    const failure = await pool
      .findRoutes(h.markets.get(1).getSnapshot(), request, { perExchange: false })
      .catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(RoutingError)
    expect(failure).toMatchObject({ code: 'INVALID_PARAMS', message: 'amount must be positive' })
  })

  it('a block that moves no pool keeps the pools list, and the workers route on it as before', async () => {
    const sync = pooledMarkets.get(1).poolSync
    const before = await sync.refresh()
    await fetch(h.deployment(1).rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
    })
    const after = await sync.refresh()
    await h.refreshAll()
    expect(after.blockNumber).toBe(before.blockNumber + 1n)
    expect(after.pools).toBe(before.pools)
    for (const request of requestsOf(1).slice(0, 3)) {
      const params = { ...request, pools: after.pools }
      expect(await pool.findRoutes(after, request, { perExchange: true })).toEqual(
        findRoutes(params, { perExchange: true }),
      )
    }
  })

  type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> }
  /** The status and body text of `quote/single` on chain 1 with `params`. */
  const quoteText = async (app: App, params: Record<string, string>) => {
    const res = await app.request(`/trade/v1/1/quote/single?${new URLSearchParams(params)}`, {
      headers: { 'x-request-id': 'same' },
    })
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() }
  }

  it('answers quote/single as the in-process app does, byte for byte, when a worker plans and serializes it', async () => {
    const usdc = h.token(1, 'USDC').address
    const dai = h.token(1, 'DAI').address
    const sender = h.walletClient(1, 3).account.address
    const cases: Record<string, string>[] = [
      { fromTokenAddress: zeroAddress, toTokenAddress: usdc, amount: '150000000000000000000' },
      // a call for the receiver, with an integrator fee and a deadline, exact output
      {
        fromTokenAddress: usdc,
        toTokenAddress: dai,
        amount: '2500000000000000000000',
        isExactOut: 'true',
        sender,
        feePercentage: '0.003',
        feeReceiver: '0x00000000000000000000000000000000000000fe',
        deadline: String(NOW / 1000 + 600),
        uuid: 'order-7',
      },
      // one exchange only
      { fromTokenAddress: usdc, toTokenAddress: dai, amount: '1000000000', dex: 'uniswap-v3' },
      // planning's own error, thrown in the worker: the best quote's impact above the limit
      {
        fromTokenAddress: zeroAddress,
        toTokenAddress: usdc,
        amount: '150000000000000000000',
        priceImpactProtectionPercentage: '0.0001',
      },
      // routing errors, mapped on the event loop: dust, and more output than the pools hold
      { fromTokenAddress: zeroAddress, toTokenAddress: usdc, amount: '1' },
      { fromTokenAddress: usdc, toTokenAddress: dai, amount: `1${'0'.repeat(36)}`, isExactOut: 'true' },
      // with gas estimation: drafted in the worker, estimated on the event loop (funded, and without funds)
      {
        fromTokenAddress: zeroAddress,
        toTokenAddress: usdc,
        amount: '150000000000000000000',
        sender,
        disableEstimate: 'false',
      },
      { fromTokenAddress: usdc, toTokenAddress: dai, amount: '1000000000', sender, disableEstimate: 'false' },
    ]
    await Promise.all([
      h.refreshAll(),
      ...CHAINS.flatMap((id) => [
        pooledMarkets.get(id).poolSync.refresh(),
        soloMarkets.get(id).poolSync.refresh(),
      ]),
    ])
    const outcomes: (number | string)[] = []
    const answers: Awaited<ReturnType<typeof quoteText>>[] = []
    for (const params of cases) {
      const expected = await quoteText(h.app, params)
      const body = JSON.parse(expected.body) as unknown
      outcomes.push(Array.isArray(body) ? body.length : (body as { error: { code: string } }).error.code)
      answers.push(expected)
      expect(await quoteText(soloApp, params)).toEqual(expected)
      expect(await quoteText(pooledApp, params)).toEqual(expected)
    }
    // asked at once, they reach the worker as one batch (the pool's `post`): each answered as when asked alone,
    // from the worker's answer ring, or from buffers of their own where its ring has no room
    expect(await Promise.all(cases.map((params) => quoteText(soloApp, params)))).toEqual(answers)
    expect(await Promise.all(cases.map((params) => quoteText(pooledApp, params)))).toEqual(answers)
    expect(outcomes).toEqual([
      7,
      5,
      1,
      'PRICE_IMPACT_TOO_HIGH',
      'BELOW_MINIMUM',
      'INSUFFICIENT_LIQUIDITY',
      7,
      5,
    ])
    const estimated = (await quoteText(soloApp, cases[6] ?? {})).body
    expect(JSON.parse(estimated)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ estimateGas: expect.stringMatching(/^[1-9][0-9]+$/) }),
      ]),
    )
  })

  it('answers quote/single as the in-process app does, before and after a block that moves a pool', async () => {
    const usdc = h.token(1, 'USDC').address
    const quote = async (
      app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
      amount: string,
    ) => {
      const q = new URLSearchParams({ fromTokenAddress: zeroAddress, toTokenAddress: usdc, amount })
      const res = await app.request(`/trade/v1/1/quote/single?${q}`, { headers: { 'x-request-id': 'same' } })
      expect(res.status).toBe(200)
      // each app's market reads the gas price on its own schedule, and the swap below moves the base fee: the
      // routes must agree, the price of gas may be read a block apart
      const quotes = (await res.json()) as Record<string, unknown>[]
      return quotes.map(({ gasPrice, gasCostWei, gasCostUsd, ...rest }) => rest)
    }
    const amounts = ['1000000000000000', '150000000000000000000']
    for (const amount of amounts) expect(await quote(pooledApp, amount)).toEqual(await quote(h.app, amount))

    const before = await quote(h.app, amounts[1] ?? '')
    const wallet = h.walletClient(1, 3)
    const q = new URLSearchParams({
      fromTokenAddress: zeroAddress,
      toTokenAddress: usdc,
      amount: '50000000000000000000',
      sender: wallet.account.address,
      slippage: '0.05',
    })
    const [swap] = (await (await h.request(`/trade/v1/1/quote/single?${q}`)).json()) as Record<
      string,
      string
    >[]
    if (!swap) throw new Error('no quote')
    await h.sendAndWait(wallet, {
      to: swap.to as Address,
      data: swap.data as Hex,
      value: BigInt(swap.nativeValue ?? '0'),
    })
    await Promise.all([h.refreshAll(), ...CHAINS.map((id) => pooledMarkets.get(id).poolSync.refresh())])
    expect(await quote(h.app, amounts[1] ?? '')).not.toEqual(before)
    for (const amount of amounts) expect(await quote(pooledApp, amount)).toEqual(await quote(h.app, amount))
  })
})
