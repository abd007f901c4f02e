import { type ChildProcess, spawn } from 'node:child_process'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  isAddressEqual,
  multicall3Abi,
  numberToHex,
  parseAbi,
  parseUnits,
  zeroAddress,
} from 'viem'
import type { ChainDeployment } from '../server/chains/deployment'
import { defaultRoutingWorkers } from '../server/config'
import { createMarkets, type Markets } from '../server/market/createMarkets'
import { poolKindOf } from '../server/poolKinds/poolKinds'
import { makeV2Pool, testAddress } from '../server/poolKinds/testPools'
import { getAmountOut } from '../server/poolKinds/uniswapV2/getAmountOut'
import { optimalParallelV2Split } from '../server/poolKinds/uniswapV2/optimalParallelV2Split'
import { applyTransferFee, type FindBestRouteParams, findBestRoute, type Price } from '../server/routing'
import type { RouteSearchStats } from '../server/routing/findBestRoute'
import { computeGasCostInToken, computeStepsGasUnits, defaultGasModel } from '../server/routing/gasModel'
import type { FlowSearchStats } from '../server/routing/searchFlowRoute'
import type { PoolState } from '../server/routing/types'
import { buildLargeMarketMix } from './buildLargeMarketMix'
import { createLoadConnection } from './createLoadConnection'
import { flowOptimumBound } from './flowOptimumBound'
import { poolDisjointOptimum } from './poolDisjointOptimum'
import { readThreadCpu, type ThreadCpu } from './readThreadCpu'

/*
 * `npm run bench:quote`: latency (p50/p99/p999) and throughput of GET quote/single without estimation at 1, 8
 * and 32 clients, with 1 and N routing worker threads (BENCH_WORKERS=1,2: the server's ROUTING_WORKERS of each run)
 * and the scaling between them (BENCH_REQUESTS per level, default 3,000; with each level the server's CPU time per
 * quote, of its event loop and of its other threads together, see `readThreadCpu`), and 32 clients again while a block that
 * moves a WETH/USDC pool lands on chain 1 every BENCH_BLOCK_MS (1,000: each new snapshot requotes the route plans carried from the last ones, and searches where a plan is too old); at 1 and 32 clients with gas estimation on (a funded sender, native in, a third of BENCH_REQUESTS: every amount new, so every transaction is new and the node estimates the first of each code path in a block, see `estimateSwap`; at 32 clients the same while a pool moves every BENCH_BLOCK_MS, each block starting the estimates afresh, BENCH_REQUESTS of them; and at 32 clients the same 12 requests repeated, as refreshing quotes are, whose estimates a block shares); the server's heap and RSS after 10,000 quotes and after BENCH_SUSTAIN_SEC (120)
 * more at 32 clients (BENCH_MEMORY_QUOTES, 10,000); and route quality (BENCH_QUALITY=0 skips it; BENCH_LATENCY=0
 * runs it alone, without latency levels, memory or majors; the levels beyond 1, 8 and 32 clients, memory, majors
 * and quality run on one server: the one with the server's default worker count if BENCH_WORKERS lists it, else
 * its last)
 * (shortfall against an independent bracket [feasible, bound] around the optimum split-and-merge flow over every
 * pool of chains 1, 56 and 42161, bench/flowOptimumBound.ts, and against the optimum of pool-disjoint splits; every
 * case at $10k and more short by over 1 bp with what the reference route does; the solvers' work,
 * quotes of one response that pay more than its best; and the closed-form optimum of parallel constant-product
 * pools). Starts its own server in a child process (devnet mode, ports BENCH_PORT (20100) and up) unless BENCH_URL points at one.
 * Prints figures; asserts nothing.
 */

const PORT = Number(process.env.BENCH_PORT ?? 20100)
const DEVNET_PORT_BASE = PORT + 1
const REQUESTS_PER_LEVEL = Number(process.env.BENCH_REQUESTS ?? 3_000)
const WARMUP = 300
/** Block interval of the level that moves a pool on chain 1 while quoting (route plans are carried a few snapshots). */
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS ?? 1_000)
/** Pools the large level's blocks change each (BENCH_BLOCK_POOLS, default 100: issue 43's per-block goal). */
const BLOCK_POOLS = Number(process.env.BENCH_BLOCK_POOLS ?? 100)
/** Quotes before the first memory reading, and how long the sustained run at 32 clients lasts. */
const MEMORY_QUOTES = Number(process.env.BENCH_MEMORY_QUOTES ?? 10_000)
const SUSTAIN_SEC = Number(process.env.BENCH_SUSTAIN_SEC ?? 120)
/** Routing worker counts to compare (the server's ROUTING_WORKERS; 0 routes on its event loop). */
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? `1,${Math.max(2, availableParallelism())}`)
  .split(',')
  .map(Number)
/**
 * BENCH_MARKET=large runs the large-market level alone (see `mainLarge`): the server on `DEVNET_MARKET=large`,
 * BENCH_LARGE_REQUESTS (200) quotes per level, none asked twice.
 */
const BENCH_MARKET = process.env.BENCH_MARKET === 'large' ? 'large' : 'small'
const LARGE_REQUESTS = Number(process.env.BENCH_LARGE_REQUESTS ?? 200)
/**
 * Quotes of other pairs the large-market server answers, at 4 clients, before the measured levels
 * (BENCH_LARGE_WARM_UP, 1,000): a server that has answered for a while, its routing code compiled by every worker
 * (V8 keeps recompiling the search for its first few hundred varied requests) and its busiest pools' simulators
 * built. Its pairs are not among the levels', so every cold request is still a pair never asked before.
 */
const LARGE_WARM_UP = Number(process.env.BENCH_LARGE_WARM_UP ?? 1_000)
/** BENCH_QUALITY=0 skips the route-quality tables (minutes of reference solving). */
const WITH_QUALITY = process.env.BENCH_QUALITY !== '0'
/** BENCH_LATENCY=0 runs the route-quality part alone (no latency levels, memory or majors run). */
const WITH_LATENCY = process.env.BENCH_LATENCY !== '0'
/** Chains of the route-quality table, each with majors and long-tail pairs (from, to). */
const QUALITY_PAIRS: Record<number, [string, string][]> = {
  1: [
    ['WETH', 'USDC'],
    ['USDC', 'WBTC'],
    ['WBTC', 'USDC'],
    ['DAI', 'USDT'],
    ['UNI', 'DAI'],
    ['LINK', 'WETH'],
    ['PEPE', 'USDC'],
    ['SHIB', 'PEPE'],
  ],
  56: [
    ['WBNB', 'USDT'],
    ['CAKE', 'USDC'],
    ['BTCB', 'ETH'],
    ['BAKE', 'USDC'],
    ['BAKE', 'XVS'],
    ['XVS', 'WBNB'],
  ],
  42161: [
    ['WETH', 'USDC'],
    ['WBTC', 'USDC'],
    ['ARB', 'USDT'],
    ['GMX', 'ARB'],
    ['MAGIC', 'USDC'],
  ],
}
const QUALITY_CHAINS = Object.keys(QUALITY_PAIRS).map(Number)
const QUALITY_SIZES_USD = [10, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]
/** The reference counts as converged when its bracket is at most this wide, bp. */
const CONVERGED_BP = 0.1
/** The Aggregator's cap on the steps of one route (contracts/src/Aggregator.sol). */
const MAX_STEPS = 24

interface Target {
  baseUrl: string
  deployments: readonly ChainDeployment[]
  /** Our own reader of the target's chains: the pool snapshot the route-quality tables compare against. */
  markets: Markets
  /** The server process's memory now (its own process only: undefined with BENCH_URL). */
  memory: () => Promise<MemoryReading | undefined>
  /** The server process's CPU time so far, by thread (its own process on Linux only: undefined otherwise). */
  cpu: () => ThreadCpu | undefined
  close: () => Promise<void>
}

interface MemoryReading {
  /** Main thread's V8 heap in use, MB (each routing worker has its own heap, inside RSS). */
  heapUsedMb: number
  /** Resident set of the whole server process (all threads), MB. */
  rssMb: number
}

/** Asks the server (started with bench/memoryProbe.ts) for its memory: SIGUSR2, answered on stdout. */
function probeMemory(child: ChildProcess): () => Promise<MemoryReading | undefined> {
  return () =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.stdout?.off('data', onData)
        resolve(undefined)
      }, 5_000)
      const onData = (chunk: Buffer) => {
        const line = chunk
          .toString()
          .split('\n')
          .find((l) => l.startsWith('BENCH_MEMORY '))
        if (!line) return
        clearTimeout(timer)
        child.stdout?.off('data', onData)
        const m = JSON.parse(line.slice('BENCH_MEMORY '.length)) as { heapUsed: number; rss: number }
        resolve({ heapUsedMb: m.heapUsed / 2 ** 20, rssMb: m.rss / 2 ** 20 })
      }
      child.stdout?.on('data', onData)
      child.kill('SIGUSR2')
    })
}

/**
 * The server under test runs in its own process (`npm start` with bench ports), so its one core is not
 * shared with this client; BENCH_URL measures a server that is already running instead.
 */
async function startTarget(
  benchUrl: string | undefined,
  routingWorkers: number,
  market: 'small' | 'large' = 'small',
): Promise<Target> {
  let child: ChildProcess | undefined
  let baseUrl = benchUrl
  let memory: (() => Promise<MemoryReading | undefined>) | undefined
  if (baseUrl === undefined) {
    child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', './bench/memoryProbe.ts', 'scripts/start.ts'],
      {
        cwd: path.join(import.meta.dirname, '..'),
        env: {
          ...process.env,
          PORT: String(PORT),
          DEVNET_PORT_BASE: String(DEVNET_PORT_BASE),
          // each market keeps its own data (and devnet snapshot) across runs
          DATA_DIR: path.join(tmpdir(), market === 'large' ? 'tributary-bench-large' : 'tributary-bench'),
          DEVNET_MARKET: market,
          LOG_LEVEL: 'silent',
          RATE_LIMIT_PER_MINUTE_IP: '0',
          RATE_LIMIT_PER_MINUTE_KEY: '0',
          WIDGET_DEMO_PORT: '0',
          ROUTING_WORKERS: String(routingWorkers),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    await waitForReady(child)
    memory = probeMemory(child)
    baseUrl = `http://127.0.0.1:${PORT}`
  }
  const manifest = (await (await fetch(`${baseUrl}/devnet/manifest`)).json()) as { chains: ChainDeployment[] }
  // the route-quality reader: not on the large market, whose level measures speed only
  const markets = createMarkets({
    deployments: manifest.chains.filter((c) => market === 'small' && QUALITY_CHAINS.includes(c.chainId)),
    pollIntervalMs: 3_600_000,
  })
  await markets.start()
  const server = child
  return {
    baseUrl,
    deployments: manifest.chains,
    markets,
    memory: memory ?? (async () => undefined),
    cpu: () => (server?.pid === undefined ? undefined : readThreadCpu(server.pid)),
    close: async () => {
      markets.stop()
      if (server && server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve))
        server.kill('SIGINT')
        await exited
      }
    },
  }
}

/** Seconds until `/health` shows no chain with reads left of pools read in part (polled every second). */
async function waitForPoolsReadInFull(baseUrl: string): Promise<number> {
  const started = performance.now()
  for (;;) {
    const health = (await (await fetch(`${baseUrl}/health`)).json()) as {
      chains: { pools: { readsLeft?: number } }[]
    }
    if (health.chains.every((chain) => !chain.pools.readsLeft)) return (performance.now() - started) / 1000
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}

function waitForReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready: ')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)))
  })
}

const usdPrice: Record<string, number> = {
  ETH: 3000,
  BTC: 65000,
  USD: 1,
  PEPE: 0.00001,
  SHIB: 0.00002,
  TAX: 0.2,
  LINK: 15,
}

function tokenOf(d: ChainDeployment, symbol: string): { address: Address; decimals: number } {
  if (symbol === 'native') return { address: zeroAddress, decimals: 18 }
  const t = d.tokens.find((x) => x.symbol === symbol)
  if (!t) throw new Error(`no ${symbol} on ${d.chainId}`)
  return { address: t.address, decimals: t.decimals }
}

type Shape = [from: string, to: string, priced: string, exactOut: boolean]

/** Majors only (the latency goal's pairs): native and stables, stables and WBTC, exact input. */
const MAJOR_SHAPES: Shape[] = [
  ['native', 'USDC', 'ETH', false],
  ['USDC', 'native', 'USD', false],
  ['USDC', 'WBTC', 'USD', false],
  ['DAI', 'USDT', 'USD', false],
]

/** The request mix: chain 1 pairs of every shape (or `only` these), sizes $10 .. $1M. */
function buildMix(d: ChainDeployment, only?: readonly Shape[]): string[] {
  const shapes: Shape[] = only
    ? [...only]
    : [
        ['native', 'USDC', 'ETH', false],
        ['USDC', 'native', 'USD', false],
        ['USDC', 'WBTC', 'USD', false],
        ['DAI', 'USDT', 'USD', false],
        ['PEPE', 'SHIB', 'PEPE', false],
        ['TAX', 'USDC', 'TAX', false],
        ['LINK', 'DAI', 'LINK', false],
        ['USDC', 'native', 'ETH', true],
        ['DAI', 'WBTC', 'BTC', true],
      ]
  const sizesUsd = [10, 1_000, 100_000, 1_000_000]
  const urls: string[] = []
  for (const [from, to, priced, exactOut] of shapes) {
    for (const usd of sizesUsd) {
      const longTail = from === 'PEPE' || from === 'TAX'
      if (longTail && usd > 1_000) continue
      const side = tokenOf(d, exactOut ? to : from)
      const amount = parseUnits((usd / (usdPrice[priced] ?? 1)).toFixed(6), side.decimals)
      const q = new URLSearchParams({
        fromTokenAddress: tokenOf(d, from).address,
        toTokenAddress: tokenOf(d, to).address,
        amount: amount.toString(),
        ...(exactOut ? { isExactOut: 'true' } : {}),
      })
      urls.push(`/trade/v1/${d.chainId}/quote/single?${q}`)
    }
  }
  return urls
}

/** A funded sender of the estimation levels: native in, so no allowance is needed and every quote is estimated. */
const ESTIMATE_SENDER = '0x00000000000000000000000000000000e571a7e5'

/** Native to USDC, WBTC, DAI and LINK, $10 .. $100k, from `ESTIMATE_SENDER` with gas estimation on. */
function buildEstimateMix(d: ChainDeployment): string[] {
  const urls: string[] = []
  for (const to of ['USDC', 'WBTC', 'DAI', 'LINK']) {
    for (const usd of [10, 1_000, 100_000]) {
      const q = new URLSearchParams({
        fromTokenAddress: zeroAddress,
        toTokenAddress: tokenOf(d, to).address,
        amount: parseUnits((usd / (usdPrice.ETH ?? 1)).toFixed(6), 18).toString(),
        sender: ESTIMATE_SENDER,
        disableEstimate: 'false',
      })
      urls.push(`/trade/v1/${d.chainId}/quote/single?${q}`)
    }
  }
  return urls
}

/**
 * Funds `ESTIMATE_SENDER` on chain `d` and checks that one request of the mix comes back with every quote
 * estimated (a failed estimate would be cheaper than a real one and flatter the figures).
 */
async function prepareEstimateMix(baseUrl: string, d: ChainDeployment, urls: readonly string[]) {
  await rpc(d.rpcUrl, 'anvil_setBalance', [ESTIMATE_SENDER, `0x${(10n ** 24n).toString(16)}`])
  for (const url of urls) {
    const { status, body } = await get(baseUrl, url)
    const quotes = status === 200 ? (JSON.parse(body) as { estimateGas?: string }[]) : []
    if (quotes.length === 0 || quotes.some((q) => q.estimateGas === undefined)) {
      throw new Error(`estimation mix: ${url} answered ${status} without an estimate: ${body.slice(0, 300)}`)
    }
  }
}

/** One JSON-RPC call to a devnet node (anvil's test methods, a raw transaction). */
function rpc(rpcUrl: string, method: string, params: unknown[]) {
  return fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
}

/** One GET through `fetch` (the checks between levels; the load goes through `createLoadConnection`). */
/**
 * GET, asked once more when the pooled socket fails at once: the server closes a keep-alive socket idle for 5 s,
 * and the route-quality part solves its references for longer than that between requests.
 */
async function get(baseUrl: string, pathAndQuery: string): Promise<{ status: number; body: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${baseUrl}${pathAndQuery}`)
      return { status: res.status, body: await res.text() }
    } catch (error) {
      if (attempt > 0) throw error
    }
  }
}

/** Scales the amount by a random factor in [0.9, 1.1): every request differs, so no memo of amounts hits. */
function jitter(url: string): string {
  return url.replace(/amount=(\d+)/, (_, amount: string) => {
    const factor = BigInt(900_000 + Math.floor(Math.random() * 200_000))
    return `amount=${(BigInt(amount) * factor) / 1_000_000n}`
  })
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

async function measure(
  baseUrl: string,
  urls: readonly string[],
  concurrency: number,
  total: number,
  durationMs = Number.POSITIVE_INFINITY,
  /** Ask `urls` as they are, instead of each with a new amount (see `jitter`). */
  repeat = false,
) {
  const latencies: number[] = []
  let next = 0
  let failures = 0
  const started = performance.now()
  const load = loadavg()[0] ?? 0
  const worker = async () => {
    const connection = createLoadConnection(baseUrl)
    while (next < total && performance.now() - started < durationMs) {
      const asked = urls[next++ % urls.length] ?? ''
      const url = repeat ? asked : jitter(asked)
      const t = performance.now()
      const res = await connection.get(url)
      latencies.push(performance.now() - t)
      if (res.status !== 200) failures++
    }
    connection.close()
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    concurrency,
    requests: latencies.length,
    failures,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    p999: percentile(latencies, 99.9),
    perSecond: latencies.length / seconds,
    /** One-minute load average of the machine when the level started (other work shares the cores). */
    load,
  }
}

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))]
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)))
  const line = (r: string[]) => `| ${r.map((c, i) => c.padStart(widths[i] ?? 0)).join(' | ')} |`
  return [
    line(headers),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...cells.slice(1).map(line),
  ].join('\n')
}

const bps = (shortfall: bigint, of: bigint) => (of === 0n ? 0 : Number((shortfall * 1_000_000n) / of) / 100)

interface QualityCase {
  /** chain, pair and size, e.g. `1 UNI->DAI $200,000`. */
  label: string
  sizeUsd: number
  /** Width of the reference bracket [feasible, bound] around the optimum, bp, and whether it reached 0.1 bp. */
  refGapBp: number
  refIterations: number
  /**
   * Shortfall of the best route below the optimum, bp: worst case (against the bound) and best case (against the
   * best feasible value known), gross and net of gas.
   */
  grossBp: number
  grossBestBp: number
  netBp: number
  netBestBp: number
  /**
   * Shortfall of the best route, gross, below the feasible optimum over the connectors' pools only, and over the
   * 24 pools the reference leans on most (the Aggregator's step cap), bp: near 0 where those limits explain it.
   */
  connectorsBp: number
  cappedBp: number
  /** What the reference's feasible flow does (for the list of cases short by more than 1 bp). */
  reference: string
  /** What our best route does. */
  ours: string
  stats: RouteSearchStats
  ms: number
  /** How much more another quote of the same HTTP response pays net of gas than its best, bp (0: none). */
  beatenByBp: number
  /** Shortfall of the best route below the optimum of pool-disjoint splits, gross, bp (negative: above it). */
  disjointBp: number
  /** The flow search's work (undefined: it did not run, e.g. a fee-on-transfer token). */
  flowStats: FlowSearchStats | undefined
  /** The best route is a split-and-merge flow (`swapExactInRoute`). */
  isFlow: boolean
}

/**
 * Route quality on the devnet: for every pair of QUALITY_PAIRS and size, the best route of the router over the
 * market snapshot (the server's parameters: connectors, gas price, native prices) against `flowOptimumBound`, a
 * bracket [feasible, bound] around the optimum of ANY split-and-merge flow over every pool of the chain (the
 * shortfall against the bound is the worst case, against the best feasible flow known the best case), gross and
 * net of gas (net: the bound less the gas of the cheapest possible route, one pool; the feasible flow less its own
 * gas); the same optimum over the connectors' pools only and over the 24 pools the reference leans on most (the
 * Aggregator's step cap), to tell what a shortfall comes from; also against `poolDisjointOptimum`; the router's
 * work; and whether the HTTP response's best quote pays less net of gas than one of its other quotes.
 */
async function routeQuality(target: Target): Promise<QualityCase[]> {
  const cases: QualityCase[] = []
  for (const chainId of QUALITY_CHAINS) {
    const d = target.deployments.find((x) => x.chainId === chainId)
    if (!d) continue
    const market = target.markets.get(chainId)
    const gasPriceWei = await market.getGasPrice()
    const nativeUsd = market.getUsdPrice(d.wrappedNative) ?? 0
    const connectors = d.tokens
      .filter((t) => t.tags.some((tag) => tag === 'stable' || tag === 'major' || tag === 'wrapped-native'))
      .map((t) => t.address)
    const symbolOf = (a: Address) =>
      d.tokens.find((t) => isAddressEqual(t.address, a))?.symbol ?? a.slice(0, 8)
    for (const [from, to] of QUALITY_PAIRS[chainId] ?? []) {
      const tokenIn = d.tokens.find((t) => t.symbol === from)
      const tokenOut = d.tokens.find((t) => t.symbol === to)
      const inUsd = tokenIn && market.getUsdPrice(tokenIn.address)
      const outUsd = tokenOut && market.getUsdPrice(tokenOut.address)
      if (!tokenIn || !tokenOut || !inUsd || !outUsd) continue
      const nativePriceInTokenOut: Price = {
        num: BigInt(Math.round((nativeUsd / outUsd) * 10 ** (tokenOut.decimals - 18) * 1e30)),
        den: 10n ** 30n,
      }
      for (const sizeUsd of QUALITY_SIZES_USD) {
        const amount = parseUnits((sizeUsd / inUsd).toFixed(Math.min(9, tokenIn.decimals)), tokenIn.decimals)
        const q = new URLSearchParams({
          fromTokenAddress: tokenIn.address,
          toTokenAddress: tokenOut.address,
          amount: amount.toString(),
        })
        // the reference below may take longer than the server keeps an idle socket open (`get` asks again)
        const res = await get(target.baseUrl, `/trade/v1/${chainId}/quote/single?${q}`)
        if (res.status !== 200) continue
        const quotes = JSON.parse(res.body) as { toTokenAmount: string; gasCostUsd: number | null }[]
        const netUsd = (x: (typeof quotes)[number]) =>
          Number(x.toTokenAmount) * 10 ** -tokenOut.decimals * outUsd - (x.gasCostUsd ?? 0)
        const [bestQuote, ...others] = quotes
        const beatenBy = bestQuote ? Math.max(0, ...others.map((o) => netUsd(o) - netUsd(bestQuote))) : 0

        const { pools } = market.getSnapshot()
        const base: FindBestRouteParams = {
          pools,
          tokenIn: tokenIn.address,
          tokenOut: tokenOut.address,
          tradeType: 'exactIn',
          amount,
          connectors,
          tokens: d.tokens,
        }
        let stats: RouteSearchStats | undefined
        let flowStats: FlowSearchStats | undefined
        const started = performance.now()
        const priced = findBestRoute({
          ...base,
          hopCache: market.hopCache,
          gasPriceWei,
          nativePriceInTokenOut,
          onSearchStats: (s) => {
            stats = s
          },
          onFlowSearchStats: (s) => {
            flowStats = s
          },
        })
        const ms = performance.now() - started
        const gross = findBestRoute(base)
        const legsIn = applyTransferFee(amount, tokenIn.transferFeeBps ?? 0)
        const refGross = poolDisjointOptimum({ ...base, amountIn: legsIn })
        const refStarted = performance.now()
        const bracket = (over: readonly PoolState[]) =>
          flowOptimumBound({
            pools: over,
            tokenIn: tokenIn.address,
            tokenOut: tokenOut.address,
            amountIn: legsIn,
            excludedTokens: d.tokens.filter((t) => (t.transferFeeBps ?? 0) > 0).map((t) => t.address),
          })
        const bound = bracket(pools)
        const refMs = performance.now() - refStarted
        if (!refGross || !bound || !stats) continue
        // diagnostics: the optimum over the connectors' pools only, and over the Aggregator's 24 steps (the 24
        // pools the reference flow leans on most)
        const allowed = [...connectors, tokenIn.address, tokenOut.address]
        const isAllowed = (t: Address) => allowed.some((a) => isAddressEqual(a, t))
        const viaConnectors = bracket(pools.filter((p) => isAllowed(p.token0) && isAllowed(p.token1)))
        const top = new Set(
          [...bound.route.steps]
            .sort((a, b) => b.value - a.value)
            .slice(0, MAX_STEPS)
            .map((s) => s.pool),
        )
        const capped = bound.route.steps.length > MAX_STEPS ? bracket(pools.filter((p) => top.has(p))) : bound
        // The true optimum is at most the bound and at least any feasible flow (the reference's, the router's,
        // the best pool-disjoint split).
        const upper = maxOf(BigInt(Math.ceil(bound.bound)), gross.amountOutGross)
        const lower = [bound.feasible, refGross.amountOut, gross.amountOutGross].reduce(maxOf)
        const cheapestGas = computeGasCostInToken({
          gasUnits:
            defaultGasModel.base +
            defaultGasModel.perLeg +
            pools.reduce((m, p) => minOf(m, poolKindOf(p).hopGasUnits(0)), 10n ** 9n),
          gasPriceWei,
          nativePriceInToken: nativePriceInTokenOut,
        })
        const ourNet = priced.amountOutGross - priced.gasCostInToken
        const refGas = computeGasCostInToken({
          gasUnits: computeStepsGasUnits(bound.route.steps),
          gasPriceWei,
          nativePriceInToken: nativePriceInTokenOut,
        })
        const refNet = bound.feasible - refGas
        const inner = new Set(
          bound.route.steps
            .flatMap((s) => [s.tokenIn, s.tokenOut])
            .filter((t) => !isAddressEqual(t, tokenIn.address) && !isAddressEqual(t, tokenOut.address)),
        )
        const outside = [...inner].filter((t) => !connectors.some((c) => isAddressEqual(c, t)))
        const ourPools = new Set(
          priced.steps?.map((s) => s.pool.address) ??
            priced.legs.flatMap((l) => l.hops.map((h) => h.pool.address)),
        )
        // progress on stderr: the reference solving takes minutes
        process.stderr.write(
          `${chainId} ${from}->${to} $${sizeUsd}: reference gap ${bound.gapBp.toFixed(4)} bp after ` +
            `${bound.iterations} iterations, ${refMs.toFixed(0)} ms\n`,
        )
        cases.push({
          label: `${chainId} ${from}->${to} $${sizeUsd.toLocaleString('en-US')}`,
          sizeUsd,
          refGapBp: bound.gapBp,
          refIterations: bound.iterations,
          grossBp: bps(upper - gross.amountOutGross, upper),
          grossBestBp: bps(lower - gross.amountOutGross, lower),
          netBp: bps(upper - cheapestGas - ourNet, upper),
          netBestBp: bps(maxOf(refNet, ourNet) - ourNet, lower),
          connectorsBp: viaConnectors
            ? bps(viaConnectors.feasible - gross.amountOutGross, viaConnectors.feasible)
            : 0,
          cappedBp: capped ? bps(capped.feasible - gross.amountOutGross, capped.feasible) : 0,
          reference:
            `${bound.route.steps.length} pools (${bound.route.steps.filter((s) => ourPools.has(s.pool.address)).length} of them ours), ` +
            `${bound.route.hops} hops, via ` +
            `${[...inner].map(symbolOf).join(' ') || '-'}` +
            (outside.length > 0 ? `; outside connectors: ${outside.map(symbolOf).join(' ')}` : '') +
            `, gas ${bps(refGas, upper).toFixed(2)} bp (${refMs.toFixed(0)} ms)`,
          ours:
            `${ourPools.size} pools, ${priced.steps ? `flow of ${priced.steps.length} steps` : `${priced.legs.length} legs`}, ` +
            `max ${Math.max(0, ...priced.legs.map((l) => l.hops.length))} hops, gas ${bps(priced.gasCostInToken, upper).toFixed(2)} bp`,
          stats,
          ms,
          beatenByBp: bestQuote ? (beatenBy / netUsd(bestQuote)) * 10_000 : 0,
          disjointBp: bps(refGross.amountOut - gross.amountOutGross, refGross.amountOut),
          flowStats,
          isFlow: priced.steps !== undefined,
        })
      }
    }
  }
  return cases
}

function summarise(cases: readonly QualityCase[]): string {
  const dist = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b)
    return `${percentile(sorted, 50).toFixed(2)} / ${percentile(sorted, 90).toFixed(2)} / ${(sorted[sorted.length - 1] ?? Number.NaN).toFixed(2)}`
  }
  const groups: [string, QualityCase[]][] = [
    ...QUALITY_SIZES_USD.map((usd): [string, QualityCase[]] => [
      `$${usd.toLocaleString('en-US')}`,
      cases.filter((c) => c.sizeUsd === usd),
    ]),
    ['all >= $10k', cases.filter((c) => c.sizeUsd >= 10_000)],
    ['all', [...cases]],
  ]
  const rows = groups.map(([label, group]) => [
    label,
    group.length,
    dist(group.map((c) => c.grossBp)),
    dist(group.map((c) => c.grossBestBp)),
    dist(group.map((c) => c.netBp)),
    dist(group.map((c) => c.netBestBp)),
    `${dist(group.map((c) => c.refGapBp))} (${group.filter((c) => c.refGapBp > CONVERGED_BP).length})`,
    dist(group.map((c) => c.disjointBp)),
    group.filter((c) => c.beatenByBp > 0.005).length,
    group.filter((c) => c.isFlow).length,
    dist(group.map((c) => c.stats.modelEvaluations + c.stats.polishEvaluations)),
    dist(group.map((c) => c.flowStats?.samples ?? 0)),
    dist(group.map((c) => c.flowStats?.sweeps ?? 0)),
    dist(group.map((c) => c.flowStats?.refineEvaluations ?? 0)),
    dist(group.map((c) => c.ms)),
  ])
  return table(
    [
      'size',
      'cases',
      'gross shortfall bp p50/p90/max, vs bound',
      'vs feasible',
      'net of gas, vs bound',
      'vs feasible',
      'reference gap bp (not converged)',
      'vs pool-disjoint optimum bp',
      'best beaten in response',
      'flows',
      'leg search: exact path quotes',
      'flow: hop samples',
      'flow: dual sweeps',
      'flow: exact route quotes',
      'route ms (in-process, warm)',
    ],
    rows,
  )
}

/** Synthetic quality: five parallel V2 pools of one pair (different depths, prices and fees), pure router. */
function syntheticQuality() {
  const a = testAddress(1)
  const b = testAddress(2)
  const E18 = 10n ** 18n
  const specs: [bigint, bigint, number][] = [
    [1_000_000n, 1_000_000n, 30],
    [600_000n, 601_000n, 30],
    [250_000n, 250_500n, 25],
    [3_000_000n, 2_990_000n, 100],
    [80_000n, 80_200n, 5],
  ]
  const pools = specs.map(([ra, rb, fee], i) =>
    makeV2Pool({ id: 10 + i, tokenA: a, tokenB: b, reserveA: ra * E18, reserveB: rb * E18, feeBps: fee }),
  )
  const rows: (string | number)[][] = []
  for (const units of [10n, 1_000n, 100_000n, 1_000_000n, 10_000_000n]) {
    const amountIn = units * E18
    const route = findBestRoute({
      pools,
      tokenIn: a,
      tokenOut: b,
      tradeType: 'exactIn',
      amount: amountIn,
      connectors: [],
    })
    const closed = optimalParallelV2Split({
      pools: pools.map((p) => ({
        reserveIn: p.token0 === a ? p.reserve0 : p.reserve1,
        reserveOut: p.token0 === a ? p.reserve1 : p.reserve0,
        feeBps: p.feeBps,
      })),
      amountIn,
    })
    const inputs = pools.map((p) => ({
      reserveIn: p.token0 === a ? p.reserve0 : p.reserve1,
      reserveOut: p.token0 === a ? p.reserve1 : p.reserve0,
      feeBps: p.feeBps,
    }))
    // The router uses at most 4 legs (gas); the fair reference is the best closed form over 4 of the 5 pools.
    const capped = inputs
      .map(
        (_, skip) =>
          optimalParallelV2Split({ pools: inputs.filter((__, i) => i !== skip), amountIn }).amountOut,
      )
      .reduce(maxOf, 0n)
    const single = pools.reduce((m, p) => {
      const [rIn, rOut] = p.token0 === a ? [p.reserve0, p.reserve1] : [p.reserve1, p.reserve0]
      return maxOf(m, getAmountOut(amountIn, rIn, rOut, p.feeBps))
    }, 0n)
    rows.push([
      `${units.toLocaleString('en-US')} ($${units.toLocaleString('en-US')})`,
      route.legs.length,
      closed.amountsIn.filter((x) => x > 0n).length,
      bps(closed.amountOut - route.amountOut, closed.amountOut).toFixed(3),
      bps(capped - route.amountOut, capped).toFixed(3),
      bps(route.amountOut - single, single).toFixed(2),
    ])
  }
  return table(
    [
      'size',
      'legs',
      'optimal legs',
      'shortfall vs optimum (bp)',
      'vs optimum of <= 4 pools (bp)',
      'gain vs best single pool (bp)',
    ],
    rows,
  )
}

/** A level's CPU a quote in µs, of the event loop or of the other threads, from the server's CPU before and after. */
function cpuPerQuote(before: ThreadCpu | undefined, after: ThreadCpu | undefined, requests: number) {
  return (of: keyof ThreadCpu) =>
    before && after ? (((after[of] - before[of]) * 1000) / requests).toFixed(0) : '-'
}

async function main(benchUrl: string | undefined) {
  const counts = benchUrl === undefined ? WORKER_COUNTS : [Number.NaN]
  // the levels beyond 1, 8 and 32 clients, memory, majors and quality run on one server: the one with the
  // server's default worker count when BENCH_WORKERS has it (one per core), else the last
  const defaultIndex = counts.indexOf(defaultRoutingWorkers)
  const fullIndex = defaultIndex >= 0 ? defaultIndex : counts.length - 1
  if (!WITH_LATENCY) {
    const target = await startTarget(benchUrl, counts[fullIndex] ?? 1)
    try {
      await printQuality(target)
    } finally {
      await target.close()
    }
    return
  }
  const rows: (string | number)[][] = []
  const perSecond = new Map<string, number>()
  let mixSize = 0
  for (const [index, workers] of counts.entries()) {
    const started = performance.now()
    const target = await startTarget(benchUrl, workers)
    const label = Number.isNaN(workers) ? 'BENCH_URL' : String(workers)
    try {
      const d = target.deployments.find((x) => x.chainId === 1)
      if (!d) throw new Error('the bench needs chain 1')
      console.log(
        `server (${label} routing workers) ready at ${target.baseUrl} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      )
      const urls = buildMix(d)
      mixSize = urls.length
      await measure(target.baseUrl, urls, 4, WARMUP)
      const isFull = index === fullIndex
      const estimateUrls = buildEstimateMix(d)
      if (isFull) await prepareEstimateMix(target.baseUrl, d, estimateUrls)
      const levels: { clients: number; blocks: boolean; estimate: boolean; repeat?: boolean }[] = [
        ...[1, 8, 32].map((clients) => ({ clients, blocks: false, estimate: false })),
        ...(isFull
          ? [
              { clients: 32, blocks: true, estimate: false },
              ...[1, 32].map((clients) => ({ clients, blocks: false, estimate: true })),
              { clients: 32, blocks: true, estimate: true },
              { clients: 32, blocks: false, estimate: true, repeat: true },
            ]
          : []),
      ]
      for (const { clients, blocks, estimate, repeat = false } of levels) {
        const mix = estimate ? estimateUrls : urls
        const cpuBefore = target.cpu()
        const r = blocks
          ? await whileMining(target, urls, BLOCK_MS, () =>
              measure(target.baseUrl, mix, clients, REQUESTS_PER_LEVEL),
            )
          : await measure(
              target.baseUrl,
              mix,
              clients,
              estimate ? REQUESTS_PER_LEVEL / 3 : REQUESTS_PER_LEVEL,
              Number.POSITIVE_INFINITY,
              repeat,
            )
        if (!blocks && !estimate) perSecond.set(`${label}/${clients}`, r.perSecond)
        const cpuAfter = target.cpu()
        const perQuote = cpuPerQuote(cpuBefore, cpuAfter, r.requests)
        rows.push([
          blocks
            ? `${label}, ${estimate ? 'gas estimated, every amount new, ' : ''}a pool moves every ${BLOCK_MS} ms`
            : estimate
              ? repeat
                ? `${label}, gas estimated, ${estimateUrls.length} requests repeated (estimates shared in a block)`
                : `${label}, gas estimated, every amount new (${estimateUrls.length} native-in mixes)`
              : label,
          r.concurrency,
          r.requests,
          r.failures,
          r.p50.toFixed(2),
          r.p99.toFixed(2),
          r.p999.toFixed(2),
          r.perSecond.toFixed(0),
          perQuote('mainMs'),
          perQuote('otherMs'),
          r.load.toFixed(2),
        ])
      }
      if (!isFull) continue
      await reportMemory(target, urls)
      const majors = await measure(target.baseUrl, buildMix(d, MAJOR_SHAPES), 1, REQUESTS_PER_LEVEL)
      console.log(
        `majors only (${MAJOR_SHAPES.map(([from, to]) => `${from}->${to}`).join(', ')}; $10 .. $1M), 1 client, ` +
          `${label} routing workers: p50 ${majors.p50.toFixed(2)} ms, p99 ${majors.p99.toFixed(2)} ms, ` +
          `${majors.failures} non-200, load ${majors.load.toFixed(2)}`,
      )
      if (WITH_QUALITY) await printQuality(target)
    } finally {
      await target.close()
    }
  }
  console.log(
    `\nquote/single, no estimation unless said, ${mixSize} pair/size mixes on chain 1 (server in its own process; ` +
      `${availableParallelism()} cores; load: 1-min load average when the level started)`,
  )
  console.log(
    table(
      [
        'routing workers',
        'clients',
        'requests',
        'non-200',
        'p50 ms',
        'p99 ms',
        'p999 ms',
        'quotes/s',
        'loop CPU µs/q',
        'other CPU µs/q',
        'load',
      ],
      rows,
    ),
  )
  const [first, last] = [counts[0], counts.at(-1)]
  if (first !== undefined && last !== undefined && first !== last) {
    const scaling = [1, 8, 32].map((c) => {
      const a = perSecond.get(`${first}/${c}`) ?? Number.NaN
      const b = perSecond.get(`${last}/${c}`) ?? Number.NaN
      return `${c} clients x${(b / a).toFixed(2)}`
    })
    console.log(`scaling, quotes/s with ${last} routing workers over ${first}: ${scaling.join(', ')}`)
  }
}

/**
 * Runs `work` while a block that moves a pool lands every `intervalMs` on `target`'s chain 1: a `sync()` of the
 * V2 pool of the mix's first quote, sent from an impersonated account of its own, so every block is a new pool
 * snapshot (as on a live chain, where the busy pools move in every block).
 */
async function whileMining<T>(
  target: Target,
  urls: readonly string[],
  intervalMs: number,
  work: () => Promise<T>,
  poolsPerBlock = 1,
): Promise<T> {
  const d = target.deployments.find((x) => x.chainId === 1)
  if (!d) throw new Error('no chain 1')
  const sender = '0x00000000000000000000000000000000000b1c4e'
  await rpc(d.rpcUrl, 'anvil_setBalance', [sender, '0xde0b6b3a7640000'])
  await rpc(d.rpcUrl, 'anvil_impersonateAccount', [sender])
  // one pool: a V2 pair the majors route through; more: the factories' first pairs, synced by one Multicall3 call
  const routed = poolsPerBlock === 1 ? await routedV2Pool(target, urls) : undefined
  const pools = routed ? [routed] : poolsPerBlock === 1 ? [] : await listV2Pairs(d, poolsPerBlock)
  const [only] = pools
  if (only === undefined) throw new Error('no V2 pool to move on chain 1')
  const tx =
    pools.length === 1
      ? { from: sender, to: only, data: '0xfff6cae9' }
      : {
          from: sender,
          to: d.multicall3,
          gas: numberToHex(30_000_000),
          data: encodeFunctionData({
            abi: multicall3Abi,
            functionName: 'aggregate3',
            args: [pools.map((target) => ({ target, allowFailure: true, callData: '0xfff6cae9' as Hex }))],
          }),
        }
  const sync = () => rpc(d.rpcUrl, 'eth_sendTransaction', [tx]).catch(() => undefined)
  const timer = setInterval(sync, intervalMs)
  try {
    return await work()
  } finally {
    clearInterval(timer)
  }
}

/** A V2 pool of the best quote of `urls[1]` (a major pair). */
async function routedV2Pool(target: Target, urls: readonly string[]): Promise<Address | undefined> {
  const quote = (await get(target.baseUrl, urls[1] ?? '')).body
  return (JSON.parse(quote) as { protocol: { pools: { address: Address; kind: string }[] }[] }[])
    .flatMap((q) => q.protocol.flatMap((leg) => leg.pools))
    .find((p) => p.kind === 'uniswap-v2')?.address
}

/** The first `count` pairs of chain `d`'s V2 factories (`allPairs`, taking from each factory in turn). */
async function listV2Pairs(d: ChainDeployment, count: number): Promise<Address[]> {
  const client = createPublicClient({ transport: http(d.rpcUrl) })
  const factories = d.exchanges.filter((e) => e.kind === 'uniswap-v2').map((e) => e.factory)
  const lengths = await Promise.all(
    factories.map((address) =>
      client.readContract({ address, abi: allPairsAbi, functionName: 'allPairsLength' }),
    ),
  )
  const pairs: Address[] = []
  for (let i = 0n; pairs.length < count && factories.some((_, f) => i < (lengths[f] ?? 0n)); i++)
    for (const [f, address] of factories.entries())
      if (pairs.length < count && i < (lengths[f] ?? 0n))
        pairs.push(
          await client.readContract({ address, abi: allPairsAbi, functionName: 'allPairs', args: [i] }),
        )
  return pairs
}

const allPairsAbi = parseAbi([
  'function allPairsLength() view returns (uint256)',
  'function allPairs(uint256) view returns (address)',
])

/** Heap and RSS of the server after MEMORY_QUOTES quotes, then after SUSTAIN_SEC at 32 clients. */
async function reportMemory(target: Target, urls: readonly string[]) {
  const before = await target.memory()
  const first = await measure(target.baseUrl, urls, 32, MEMORY_QUOTES)
  const afterQuotes = await target.memory()
  const sustained = await measure(target.baseUrl, urls, 32, Number.POSITIVE_INFINITY, SUSTAIN_SEC * 1000)
  const afterSustain = await target.memory()
  const mb = (m: MemoryReading | undefined) =>
    m ? [m.heapUsedMb.toFixed(0), m.rssMb.toFixed(0)] : ['n/a', 'n/a']
  console.log('\nserver memory, 32 clients (heap: main thread; RSS: the whole process)')
  console.log(
    table(
      ['after', 'quotes', 'p50 ms', 'p99 ms', 'p999 ms', 'quotes/s', 'load', 'heap MB', 'RSS MB'],
      [
        ['start (after the latency levels)', '', '', '', '', '', '', ...mb(before)],
        [
          `${MEMORY_QUOTES.toLocaleString('en-US')} quotes`,
          first.requests,
          first.p50.toFixed(2),
          first.p99.toFixed(2),
          first.p999.toFixed(2),
          first.perSecond.toFixed(0),
          first.load.toFixed(2),
          ...mb(afterQuotes),
        ],
        [
          `${SUSTAIN_SEC} s more`,
          sustained.requests,
          sustained.p50.toFixed(2),
          sustained.p99.toFixed(2),
          sustained.p999.toFixed(2),
          sustained.perSecond.toFixed(0),
          sustained.load.toFixed(2),
          ...mb(afterSustain),
        ],
      ],
    ),
  )
}

async function printQuality(target: Target) {
  const cases = await routeQuality(target)
  console.log(
    `\nroute quality, devnet chains ${QUALITY_CHAINS.join(', ')} (${cases.length} trades), best route vs the optimum of ` +
      'split-and-merge flows over every pool, bracketed by bench/flowOptimumBound.ts: its dual upper bound (shortfall ' +
      'vs bound: the worst case) and its repaired feasible flow valued exactly (vs feasible: the best case); net of ' +
      "gas: the bound less the gas of one pool, the feasible flow less its own gas; reference gap: the bracket's width " +
      '(not converged: above 0.1 bp)',
  )
  console.log(summarise(cases))
  const short = cases.filter((c) => c.sizeUsd >= 10_000 && c.grossBp > 1)
  console.log(
    `\ncases of $10k and more short of the optimum by over 1 bp (gross, vs the bound): ${short.length}`,
  )
  console.log(
    table(
      [
        'trade',
        'gross bp vs bound',
        'vs feasible',
        'net bp vs bound',
        'vs feasible',
        'ref gap bp',
        'vs connectors only bp',
        'vs 24 pools bp',
        'ours',
        'reference flow',
      ],
      [...short]
        .sort((a, b) => b.grossBp - a.grossBp)
        .map((c) => [
          c.label,
          c.grossBp.toFixed(2),
          c.grossBestBp.toFixed(2),
          c.netBp.toFixed(2),
          c.netBestBp.toFixed(2),
          c.refGapBp.toFixed(4),
          c.connectorsBp.toFixed(2),
          c.cappedBp.toFixed(2),
          c.ours,
          c.reference,
        ]),
    ),
  )
  const shortNet = cases.filter((c) => c.sizeUsd >= 10_000 && c.grossBp <= 1 && c.netBestBp > 1)
  console.log(
    `\ncases of $10k and more within 1 bp gross but short by over 1 bp net of gas against the feasible flow less ` +
      `its gas: ${shortNet.length}`,
  )
  console.log(
    table(
      ['trade', 'gross bp vs bound', 'net bp vs feasible', 'ours', 'reference flow'],
      [...shortNet]
        .sort((a, b) => b.netBestBp - a.netBestBp)
        .map((c) => [c.label, c.grossBp.toFixed(2), c.netBestBp.toFixed(2), c.ours, c.reference]),
    ),
  )
  const loose = cases.filter((c) => c.refGapBp > CONVERGED_BP)
  if (loose.length > 0) {
    console.log(`\nreference not converged to 0.1 bp: ${loose.length}`)
    console.log(
      table(
        ['trade', 'ref gap bp', 'iterations'],
        loose.map((c) => [c.label, c.refGapBp.toFixed(4), c.refIterations]),
      ),
    )
  }
  console.log('\nroute quality, five synthetic parallel V2 pools (pure router, no gas)')
  console.log(syntheticQuality())
}

/**
 * The large-market level (BENCH_MARKET=large): the server (default routing workers) on `DEVNET_MARKET=large`, its
 * time to ready and memory; LARGE_WARM_UP quotes of other pairs; quote/single at 1 and then 32 clients, each with
 * its own BENCH_LARGE_REQUESTS pairs: first cold (every request a pair never asked before, see
 * `buildLargeMarketMix`), then warm (the same pairs, new amounts); p50/p99 and the server's CPU per quote; and its CPU per block, event loop and other threads apart, while
 * BENCH_BLOCK_POOLS (100) V2 pairs change every second (less its CPU over as long without blocks).
 */
async function mainLarge(benchUrl: string | undefined) {
  const started = performance.now()
  const workers = process.env.BENCH_WORKERS === undefined ? defaultRoutingWorkers : (WORKER_COUNTS[0] ?? 1)
  const target = await startTarget(benchUrl, workers, 'large')
  const readySec = (performance.now() - started) / 1000
  try {
    const atReady = await target.memory()
    // concentrated pools are read around their price first: the levels measure the server once all are read
    const fullSec = await waitForPoolsReadInFull(target.baseUrl)
    // the levels' pairs first (the same whatever the warm-up's size), then the warm-up's
    const mix = buildLargeMarketMix({
      deployments: target.deployments,
      count: 2 * LARGE_REQUESTS + LARGE_WARM_UP,
    })
    const levels: { kind: string; clients: number; urls: string[] }[] = [
      { kind: 'warm-up', clients: 4, urls: mix.cold.slice(2 * LARGE_REQUESTS) },
      ...[1, 32].flatMap((clients, index) =>
        (['cold', 'warm'] as const).map((kind) => ({
          kind,
          clients,
          urls: mix[kind].slice(index * LARGE_REQUESTS, (index + 1) * LARGE_REQUESTS),
        })),
      ),
    ]
    const rows: (string | number)[][] = []
    for (const { kind, clients, urls } of levels) {
      if (urls.length === 0) continue
      const before = target.cpu()
      const r = await measure(target.baseUrl, urls, clients, urls.length, Number.POSITIVE_INFINITY, true)
      const after = target.cpu()
      const perQuote = cpuPerQuote(before, after, r.requests)
      rows.push([
        kind,
        clients,
        r.requests,
        r.failures,
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        r.perSecond.toFixed(1),
        perQuote('mainMs'),
        perQuote('otherMs'),
        r.load.toFixed(2),
      ])
    }
    const afterQuotes = await target.memory()
    const cpuOver = async (ms: number): Promise<ThreadCpu> => {
      const before = target.cpu()
      await new Promise((resolve) => setTimeout(resolve, ms))
      const after = target.cpu()
      return before && after
        ? { mainMs: after.mainMs - before.mainMs, otherMs: after.otherMs - before.otherMs }
        : { mainMs: Number.NaN, otherMs: Number.NaN }
    }
    const d = target.deployments.find((x) => x.chainId === 1)
    // the server's CPU per block while 100 V2 pairs change every second, less the same time idle: three pairs
    // of windows, the median (the idle server's own work varies by a few ms a second)
    const windowMs = 20_000
    const perBlock: ThreadCpu[] = []
    for (let round = 0; round < 3 && d; round++) {
      const idle = await cpuOver(windowMs)
      const moving = await whileMining(target, [], 1_000, () => cpuOver(windowMs), BLOCK_POOLS).catch(
        (error: unknown) => {
          console.log(`per-block cost not measured: ${String(error)}`)
          return undefined
        },
      )
      if (!moving) break
      const blocks = windowMs / 1_000
      perBlock.push({
        mainMs: (moving.mainMs - idle.mainMs) / blocks,
        otherMs: (moving.otherMs - idle.otherMs) / blocks,
      })
    }
    const median = (of: keyof ThreadCpu) =>
      perBlock.map((b) => b[of]).sort((a, b) => a - b)[Math.floor(perBlock.length / 2)] ?? Number.NaN
    const mb = (m: MemoryReading | undefined) =>
      m ? `heap ${m.heapUsedMb.toFixed(0)} MB, RSS ${m.rssMb.toFixed(0)} MB` : 'n/a'
    console.log(
      `large market: server ready in ${readySec.toFixed(1)} s, every pool read in full ${fullSec.toFixed(0)} s later; ${target.deployments
        .map((x) => `chain ${x.chainId} ${x.tokens.length} tokens`)
        .join(', ')}`,
    )
    console.log(`memory at ready: ${mb(atReady)}; after the quotes: ${mb(afterQuotes)}`)
    console.log(
      `CPU per block (${BLOCK_POOLS} V2 pools changed every second, ${windowMs / 1000} s, less as long idle; median ` +
        `of ${perBlock.length}): event loop ${median('mainMs').toFixed(0)} ms, other threads ` +
        `${median('otherMs').toFixed(0)} ms (${perBlock.map((b) => `${b.mainMs.toFixed(0)}/${b.otherMs.toFixed(0)}`).join(', ')})`,
    )
    console.log(
      `\nquote/single on the large market, ${LARGE_REQUESTS} requests per level, none repeated (cold: a pair never ` +
        `asked before; warm: the cold level's pairs at new amounts); ${availableParallelism()} cores`,
    )
    console.log(
      table(
        [
          'level',
          'clients',
          'requests',
          'non-200',
          'p50 ms',
          'p99 ms',
          'quotes/s',
          'loop CPU µs/q',
          'other CPU µs/q',
          'load',
        ],
        rows,
      ),
    )
  } finally {
    await target.close()
  }
}

await (BENCH_MARKET === 'large' ? mainLarge(process.env.BENCH_URL) : main(process.env.BENCH_URL))

/** The larger of two bigints (Math.max takes numbers only). */
function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b
}

/** The smaller of two bigints. */
function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}
