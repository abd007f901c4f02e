import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { deserialize, serialize } from 'node:v8'
import { type Address, parseUnits, zeroAddress } from 'viem'
import type { ChainDeployment, TokenInfo } from '../server/chains/deployment'
import { createMarkets } from '../server/market/createMarkets'
import {
  createHopCache,
  type FindBestRouteParams,
  findRoutes,
  type HopCache,
  type PoolState,
  type Price,
} from '../server/routing'
import type { RouteSearchStats } from '../server/routing/findBestRoute'
import { findRoutePart, splitRouteRequest } from '../server/routing/findRoutes'
import { RoutingError } from '../server/routing/RoutingError'
import { type FlowSearchStats, searchFlowRoute } from '../server/routing/searchFlowRoute'
import { searchRoute } from '../server/routing/searchRoute'
import { buildLargeMarketMix } from './buildLargeMarketMix'

/*
 * `tsx bench/routeProfile.ts` (BENCH_URL: a running devnet server): times (CPU ms) the routing of the majors in-process
 * over chain 1's live snapshot, as a routing worker runs it (one hop memo shared by every request; amounts
 * jittered so no route memo hits), and splits one request's time between its parts: the leg search, the flow
 * search and the per-exchange searches. Run it under `node --cpu-prof --import tsx` for a profile. Prints
 * figures; asserts nothing.
 */

/** CPU milliseconds of this process (the machine is shared: wall time would count other work). */
const cpuNow = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
const BENCH_URL = process.env.BENCH_URL ?? 'http://127.0.0.1:20100'
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 20)

const majors: [string, string, number][] = [
  ['WETH', 'USDC', 3000],
  ['USDC', 'WETH', 1],
  ['USDC', 'WBTC', 1],
  ['DAI', 'USDT', 1],
]
const sizesUsd = [10, 1_000, 100_000, 1_000_000]

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length)
  return `mean ${mean.toFixed(2)} p50 ${percentile(s, 50).toFixed(2)} p90 ${percentile(s, 90).toFixed(2)} max ${(s.at(-1) ?? 0).toFixed(2)} ms`
}

/**
 * PROFILE_SNAPSHOT=file: the chain's deployment, gas price, pools and USD prices are read from `file` when it
 * exists (no server needed, and every run routes the very same snapshot), else read from BENCH_URL's devnet
 * and written there (v8 serialization, as snapshots cross to routing workers).
 */
const SNAPSHOT_FILE = process.env.PROFILE_SNAPSHOT
interface ProfiledChain {
  d: ChainDeployment
  gasPriceWei: bigint
  pools: readonly PoolState[]
  usd: Record<string, number>
}
async function loadChain(): Promise<ProfiledChain & { stop: () => void }> {
  if (SNAPSHOT_FILE && existsSync(SNAPSHOT_FILE))
    return { ...(deserialize(readFileSync(SNAPSHOT_FILE)) as ProfiledChain), stop: () => {} }
  const manifest = (await (await fetch(`${BENCH_URL}/devnet/manifest`)).json()) as {
    chains: ChainDeployment[]
  }
  const d = manifest.chains.find((c) => c.chainId === 1)
  if (!d) throw new Error('no chain 1')
  // refreshes every 100 ms, each completing a batch of the pools read in part: routed once every pool is whole
  const markets = createMarkets({ deployments: [d], pollIntervalMs: 100 })
  await markets.start()
  const market = markets.get(1)
  for (;;) {
    const progress = market.getLoadProgress()
    if (progress.status === 'ready' && !progress.readsLeft) break
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
  const chain: ProfiledChain = {
    d,
    gasPriceWei: await market.getGasPrice(),
    pools: market.getSnapshot().pools,
    usd: Object.fromEntries(market.getUsdPrices()),
  }
  if (SNAPSHOT_FILE) writeFileSync(SNAPSHOT_FILE, serialize(chain))
  return { ...chain, stop: () => markets.stop() }
}
const { d, gasPriceWei, pools, usd, stop } = await loadChain()
const usdOf = (address: Address) => usd[address]
const nativeUsd = usdOf(d.wrappedNative) ?? 0
const connectors = d.tokens
  .filter((t) => t.tags.some((tag) => tag === 'stable' || tag === 'major' || tag === 'wrapped-native'))
  .map((t) => t.address)
const priceOf = (address: Address, decimals: number): Price => ({
  num: BigInt(Math.round((nativeUsd / (usdOf(address) ?? 1)) * 10 ** (decimals - 18) * 1e30)),
  den: 10n ** 30n,
})
/** An exact-input request between two of the chain's tokens (the native one routes as its wrapped token). */
const exactInParams = (tokenIn: TokenInfo, tokenOut: TokenInfo, amount: bigint): FindBestRouteParams => ({
  pools,
  tokenIn: tokenIn.address === zeroAddress ? d.wrappedNative : tokenIn.address,
  tokenOut: tokenOut.address === zeroAddress ? d.wrappedNative : tokenOut.address,
  tradeType: 'exactIn',
  amount,
  connectors,
  tokens: [],
  feeBps: 0,
  gasPriceWei,
  isSplit: true,
  nativePriceInTokenIn: priceOf(tokenIn.address, tokenIn.decimals),
  nativePriceInTokenOut: priceOf(tokenOut.address, tokenOut.decimals),
})
/** Hop simulations run (memo misses), over every search of a request: work that CPU noise does not blur. */
let simulations = 0
const countingSimulations = (cache: HopCache): HopCache => ({
  ...cache,
  hops(pool, slot) {
    const memo = cache.hops(pool, slot)
    return {
      get: (amount) => memo.get(amount),
      set(amount, result) {
        simulations++
        memo.set(amount, result)
      },
    }
  },
  forRequest: () => countingSimulations(cache.forRequest()),
})
const sharedHopCache = countingSimulations(createHopCache())
const requests: { label: string; params: FindBestRouteParams }[] = []
for (const [from, to, usd] of majors) {
  const tokenIn = d.tokens.find((t) => t.symbol === from)
  const tokenOut = d.tokens.find((t) => t.symbol === to)
  if (!tokenIn || !tokenOut) throw new Error(`no ${from} or ${to}`)
  for (const size of sizesUsd) {
    requests.push({
      label: `${from}->${to} $${size}`,
      params: exactInParams(tokenIn, tokenOut, parseUnits((size / usd).toFixed(6), tokenIn.decimals)),
    })
  }
}
if (process.env.PROFILE_MIX === 'large') {
  // the large market's cold requests of chain 1 (bench:quote's mix), each asked once
  const { cold } = buildLargeMarketMix({ deployments: [d], count: Number(process.env.PROFILE_COUNT ?? 200) })
  const byAddress = new Map(d.tokens.map((t) => [t.address.toLowerCase(), t]))
  const routeAddress = (a: string) => (a === zeroAddress ? d.wrappedNative : (a as Address))
  const times: number[] = []
  const simulated: number[] = []
  const parts: Record<string, number[]> = { pooled: [], perExchange: [] }
  const flowStats: FlowSearchStats[] = []
  const nets: Record<string, string> = {}
  const labels: string[] = []
  const sizes: number[] = []
  const tokensOf = (q: URLSearchParams) => ({
    tokenIn: byAddress.get(routeAddress(q.get('fromTokenAddress') ?? '').toLowerCase()),
    tokenOut: byAddress.get(routeAddress(q.get('toTokenAddress') ?? '').toLowerCase()),
  })
  // PROFILE_WARMUP=n: first route n requests of another seed's mix, unmeasured (compiled code and pool
  // simulators warm, as in a server that has answered for a while)
  const warmup = buildLargeMarketMix({
    deployments: [d],
    count: Number(process.env.PROFILE_WARMUP ?? 0),
    seed: 7,
  })
  for (const url of warmup.cold) {
    const q = new URL(url, 'http://x').searchParams
    const { tokenIn, tokenOut } = tokensOf(q)
    if (!tokenIn || !tokenOut) continue
    const params = exactInParams(tokenIn, tokenOut, BigInt(q.get('amount') ?? '0'))
    try {
      findRoutes({ ...params, hopCache: sharedHopCache }, { perExchange: true })
    } catch (error) {
      if (!(error instanceof RoutingError)) throw error
    }
  }
  // PROFILE_ONLY=i: route request i of the cold mix alone (the index PROFILE_SLOWEST lists), printing the
  // counters of its search over all pools: what a slow request costs without the requests before it
  const only = process.env.PROFILE_ONLY === undefined ? undefined : Number(process.env.PROFILE_ONLY)
  // PROFILE_USD=low-high: only the requests of that size in USD (e.g. 0-100)
  const [lowUsd = 0, highUsd = Number.POSITIVE_INFINITY] = (process.env.PROFILE_USD ?? '0-Infinity')
    .split('-')
    .map(Number)
  for (const [index, url] of cold.entries()) {
    if (only !== undefined && index !== only) continue
    const q = new URL(url, 'http://x').searchParams
    const { tokenIn, tokenOut } = tokensOf(q)
    if (!tokenIn || !tokenOut) continue
    const sizeUsd =
      (Number(q.get('amount')) / 10 ** tokenIn.decimals) * (usdOf(routeAddress(tokenIn.address)) ?? 0)
    if (!(sizeUsd >= lowUsd && sizeUsd < highUsd)) continue
    const params: FindBestRouteParams = {
      ...exactInParams(tokenIn, tokenOut, BigInt(q.get('amount') ?? '0')),
      hopCache: sharedHopCache,
      onFlowSearchStats: (stats) => {
        flowStats.push(stats)
        if (only !== undefined) console.log(`  flow search ${JSON.stringify(stats)}`)
      },
      ...(only !== undefined
        ? { onSearchStats: (stats: RouteSearchStats) => console.log(`  leg search ${JSON.stringify(stats)}`) }
        : {}),
    }
    const t = cpuNow()
    const simulatedBefore = simulations
    try {
      if (process.env.PROFILE_PARTS === '1') {
        const request = { ...params, hopCache: sharedHopCache.forRequest() }
        const [part] = splitRouteRequest(request, 1)
        if (!part) continue
        let t0 = cpuNow()
        findRoutePart(request, { ...part, exchangeIds: [] })
        parts.pooled?.push(cpuNow() - t0)
        t0 = cpuNow()
        findRoutePart(request, { ...part, pooled: false })
        parts.perExchange?.push(cpuNow() - t0)
      } else {
        const { best, perExchange } = findRoutes(params, { perExchange: true })
        nets[url] = (best.amountOut - best.gasCostInToken).toString()
        // each exchange's quote too (keys `url#exchange`), so a cheaper per-exchange search is checked as well
        for (const { exchangeId, route } of perExchange)
          nets[`${url}#${exchangeId}`] = (route.amountOut - route.gasCostInToken).toString()
      }
    } catch (error) {
      if (!(error instanceof RoutingError)) throw error
      nets[url] = error.code
    }
    times.push(cpuNow() - t)
    simulated.push(simulations - simulatedBefore)
    labels.push(`${tokenIn.symbol}->${tokenOut.symbol} ${q.get('amount')}: ${nets[url] ?? ''}`)
    sizes.push(sizeUsd)
  }
  console.log(
    `chain 1: ${pools.length} pools; ${times.length} cold requests of the large mix: ${summary(times)}`,
  )
  console.log(`  hop simulations, all searches: ${summary(simulated).replaceAll(' ms', '')}`)
  // the CPU by trade size (where the time goes)
  const cpuTotal = times.reduce((a, b) => a + b, 0)
  for (const [low, high] of [
    [0, 100],
    [100, 1_000],
    [1_000, 10_000],
    [10_000, Number.POSITIVE_INFINITY],
  ] as const) {
    const xs = times.filter((_, i) => (sizes[i] ?? 0) >= low && (sizes[i] ?? 0) < high)
    if (xs.length === 0) continue
    const sum = xs.reduce((a, b) => a + b, 0)
    console.log(
      `  $${low.toLocaleString('en-US')}${high < Number.POSITIVE_INFINITY ? `-${high.toLocaleString('en-US')}` : '+'}: ` +
        `${xs.length} requests, ${summary(xs)}, ${((100 * sum) / cpuTotal).toFixed(0)}% of the CPU`,
    )
  }
  // PROFILE_SLOWEST=n: the n requests that took the most CPU (where the tail comes from)
  const slowest = times.map((ms, i) => ({ ms, i })).sort((a, b) => b.ms - a.ms)
  for (const { ms, i } of slowest.slice(0, Number(process.env.PROFILE_SLOWEST ?? 0)))
    console.log(`  slow: ${ms.toFixed(1)} ms #${i} ${labels[i]}`)
  for (const [name, xs] of Object.entries(parts))
    if (xs.length) console.log(`  ${name.padEnd(12)} ${summary(xs)}`)
  for (const key of ['edges', 'workingEdges', 'samples', 'solves', 'sweeps', 'refineEvaluations'] as const)
    console.log(`  flow ${key.padEnd(18)} ${summary(flowStats.map((s) => s[key]))}`)
  // PROFILE_OUT keeps each request's net output; PROFILE_BASE compares with a kept run (same snapshot)
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(nets))
  if (process.env.PROFILE_BASE) {
    const base = JSON.parse(readFileSync(process.env.PROFILE_BASE, 'utf8')) as Record<string, string>
    for (const perExchange of [false, true]) {
      const losses: number[] = []
      const missing: string[] = []
      for (const [url, was] of Object.entries(base)) {
        if (url.includes('#') !== perExchange) continue
        const net = nets[url]
        if (net === undefined) missing.push(url)
        if (net === undefined || !/^-?\d+$/.test(was) || !/^-?\d+$/.test(net) || BigInt(was) <= 0n) continue
        losses.push(Number(((BigInt(was) - BigInt(net)) * 10_000_000n) / BigInt(was)) / 1000)
      }
      const added = Object.keys(nets).filter((url) => url.includes('#') === perExchange && !(url in base))
      losses.sort((a, b) => b - a)
      console.log(
        `  against base (${perExchange ? 'per exchange' : 'best'}): ${losses.length} compared, worse by >0.1 bp ${losses.filter((l) => l > 0.1).length}, >1 bp ${losses.filter((l) => l > 1).length}, better by >0.1 bp ${losses.filter((l) => l < -0.1).length}; worst ${losses
          .slice(0, 5)
          .map((l) => l.toFixed(2))
          .join(', ')} bp; best ${losses
          .slice(-5)
          .reverse()
          .map((l) => (-l).toFixed(2))
          .join(', ')} bp better; routes lost ${missing.length}, gained ${added.length}`,
      )
    }
  }
  stop()
  process.exit(0)
}
console.log(`chain 1: ${pools.length} pools; ${requests.length} major requests x ${ROUNDS} rounds`)

const hopCache = createHopCache()
// a fixed sequence of factors in [0.9, 1.1), so runs compare like for like
let seed = 12345
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}
const jitter = (amount: bigint) => (amount * BigInt(900_000 + Math.floor(random() * 200_000))) / 1_000_000n
const total: number[] = []
const byLabel = new Map<string, number[]>()
for (let round = 0; round < ROUNDS; round++) {
  for (const { label, params } of requests) {
    const t = cpuNow()
    const memo = process.env.PROFILE_FRESH === '1' ? createHopCache() : hopCache
    findRoutes({ ...params, amount: jitter(params.amount), hopCache: memo }, { perExchange: true })
    const ms = cpuNow() - t
    if (round > 0) {
      total.push(ms)
      byLabel.set(label, [...(byLabel.get(label) ?? []), ms])
    }
  }
}
console.log(`findRoutes (best + per exchange, shared hop memo): ${summary(total)}`)
for (const [label, xs] of byLabel) console.log(`  ${label.padEnd(22)} ${summary(xs)}`)

// the parts of one request, each on a fresh memo (cold) and again on a warm one
const parts: Record<string, number[]> = { leg: [], flow: [], all: [] }
for (let round = 0; round < Math.max(2, ROUNDS / 4); round++) {
  for (const { params } of requests) {
    const p = { ...params, amount: jitter(params.amount), hopCache: createHopCache() }
    let t = cpuNow()
    searchRoute(p)
    parts.leg?.push(cpuNow() - t)
    t = cpuNow()
    searchFlowRoute(p)
    parts.flow?.push(cpuNow() - t)
    t = cpuNow()
    findRoutes({ ...p, hopCache: createHopCache() }, { perExchange: true })
    parts.all?.push(cpuNow() - t)
  }
}
console.log(`gas price ${gasPriceWei} wei`)
for (const { label, params } of requests) {
  const p = { ...params, hopCache: createHopCache() }
  let t = cpuNow()
  const legs = searchRoute(p)
  const legMs = cpuNow() - t
  t = cpuNow()
  const flow = searchFlowRoute(p, { mustBeat: legs.amountOut - legs.gasCostInToken })
  const flowMs = cpuNow() - t
  t = cpuNow()
  const found = findRoutes({ ...p, hopCache: createHopCache() }, { perExchange: true })
  const allMs = cpuNow() - t
  console.log(
    `  ${label.padEnd(22)} leg ${legMs.toFixed(1)} ms, flow ${flowMs.toFixed(1)} ms ${flow ? `(beats: ${flow.amountOut - flow.gasCostInToken > legs.amountOut - legs.gasCostInToken}, ${JSON.stringify(flow.stats)})` : '(skipped)'}, all ${allMs.toFixed(1)} ms, best ${found.best.steps ? 'flow' : `${found.best.legs.length} legs`}, gas ${legs.gasCostInToken}`,
  )
}
for (const [name, xs] of Object.entries(parts)) console.log(`cold ${name.padEnd(5)} ${summary(xs)}`)
stop()
const kinds = new Map<string, number>()
for (const p of pools) kinds.set(`${p.exchangeId}`, (kinds.get(p.exchangeId) ?? 0) + 1)
console.log([...kinds].map(([k, n]) => `${k}: ${n}`).join(', '))
