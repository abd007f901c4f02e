import { type ChildProcess, spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Address, parseUnits, zeroAddress } from 'viem'
import type { ChainDeployment } from '../server/chains/deployment'
import { createMarkets, type Markets } from '../server/market/createMarkets'
import { makeV2Pool, testAddress } from '../server/poolKinds/testPools'
import { getAmountOut } from '../server/poolKinds/uniswapV2/getAmountOut'
import { optimalParallelV2Split } from '../server/poolKinds/uniswapV2/optimalParallelV2Split'
import type { V2PoolState } from '../server/poolKinds/uniswapV2/V2PoolState'
import { findBestRoute } from '../server/routing'

/*
 * `npm run bench:quote`: latency and throughput of GET quote/single without estimation, and route quality
 * (shortfall against the closed-form optimum of parallel constant-product pools, and gain over the best
 * single pool). Starts its own server in a child process (devnet mode, ports 20100+) unless BENCH_URL points at
 * one. Prints figures; asserts nothing.
 */

const PORT = 20100
const DEVNET_PORT_BASE = 20101
const REQUESTS_PER_LEVEL = 1_500
const WARMUP = 300

interface Target {
  baseUrl: string
  deployments: readonly ChainDeployment[]
  /** Our own reader of the target's chains: the pool snapshot the route-quality tables compare against. */
  markets: Markets
  close: () => Promise<void>
}

/**
 * The server under test runs in its own process (`npm start` with bench ports), so its one core is not
 * shared with this client; BENCH_URL measures a server that is already running instead.
 */
async function startTarget(benchUrl: string | undefined): Promise<Target> {
  let child: ChildProcess | undefined
  let baseUrl = benchUrl
  if (baseUrl === undefined) {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/scripts/start.ts'], {
      cwd: path.join(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(PORT),
        DEVNET_PORT_BASE: String(DEVNET_PORT_BASE),
        DATA_DIR: path.join(tmpdir(), 'tributary-bench'),
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE_IP: '0',
        RATE_LIMIT_PER_MINUTE_KEY: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await waitForReady(child)
    baseUrl = `http://127.0.0.1:${PORT}`
  }
  const manifest = (await (await fetch(`${baseUrl}/devnet/manifest`)).json()) as { chains: ChainDeployment[] }
  const markets = createMarkets({
    deployments: manifest.chains.filter((c) => c.chainId === 1),
    pollIntervalMs: 3_600_000,
  })
  await markets.start()
  const server = child
  return {
    baseUrl,
    deployments: manifest.chains,
    markets,
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

/** The request mix: chain 1 pairs of every shape, sizes $10 .. $1M. */
function buildMix(d: ChainDeployment): string[] {
  const shapes: [string, string, string, boolean][] = [
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

const agent = new Agent({ keepAlive: true, maxSockets: 64 })

function get(baseUrl: string, pathAndQuery: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${pathAndQuery}`, { agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
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

async function measure(baseUrl: string, urls: readonly string[], concurrency: number, total: number) {
  const latencies: number[] = []
  let next = 0
  let failures = 0
  const started = performance.now()
  const worker = async () => {
    while (next < total) {
      const url = jitter(urls[next++ % urls.length] ?? '')
      const t = performance.now()
      const res = await get(baseUrl, url)
      latencies.push(performance.now() - t)
      if (res.status !== 200) failures++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    concurrency,
    requests: total,
    failures,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    perSecond: total / seconds,
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

/** Devnet quality: chain 1 WETH -> USDC with V3 excluded, against the closed form over its V2 pools. */
async function devnetQuality(target: Target, d: ChainDeployment) {
  const market = target.markets.get(d.chainId)
  const weth = d.wrappedNative
  const usdc = tokenOf(d, 'USDC').address
  const rows: (string | number)[][] = []
  for (const usd of [10, 1_000, 100_000, 1_000_000, 10_000_000]) {
    const amountIn = parseUnits((usd / 3000).toFixed(9), 18)
    const q = new URLSearchParams({
      fromTokenAddress: weth,
      toTokenAddress: usdc,
      amount: amountIn.toString(),
      excludedDexes: JSON.stringify({ [d.chainId]: ['uniswap-v3'] }),
    })
    const res = await get(target.baseUrl, `/trade/v1/${d.chainId}/quote/single?${q}`)
    const [best] = JSON.parse(res.body) as { toTokenAmount: string; protocol: unknown[] }[]
    const pools = market
      .getSnapshot()
      .pools.filter(
        (p): p is V2PoolState =>
          p.kind === 'uniswap-v2' &&
          [p.token0, p.token1].every(
            (t) => t.toLowerCase() === weth.toLowerCase() || t.toLowerCase() === usdc.toLowerCase(),
          ),
      )
      .map((p) => {
        const wethIs0 = p.token0.toLowerCase() === weth.toLowerCase()
        return {
          reserveIn: wethIs0 ? p.reserve0 : p.reserve1,
          reserveOut: wethIs0 ? p.reserve1 : p.reserve0,
          feeBps: p.feeBps,
        }
      })
    const optimum = optimalParallelV2Split({ pools, amountIn })
    const single = pools.reduce((m, p) => {
      return maxOf(m, getAmountOut(amountIn, p.reserveIn, p.reserveOut, p.feeBps))
    }, 0n)
    const got = BigInt(best?.toTokenAmount ?? '0')
    rows.push([
      `$${usd.toLocaleString('en-US')}`,
      pools.length,
      best?.protocol.length ?? 0,
      bps(optimum.amountOut - got, optimum.amountOut).toFixed(2),
      bps(got - single, single).toFixed(2),
    ])
  }
  return table(
    ['size', 'V2 pools', 'legs', 'shortfall vs optimum (bp)', 'gain vs best single pool (bp)'],
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

async function main(benchUrl: string | undefined) {
  const started = performance.now()
  const target = await startTarget(benchUrl)
  try {
    const d = target.deployments.find((x) => x.chainId === 1)
    if (!d) throw new Error('the bench needs chain 1')
    console.log(`server ready at ${target.baseUrl} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    const urls = buildMix(d)
    await measure(target.baseUrl, urls, 4, WARMUP)
    const rows = []
    for (const concurrency of [1, 8, 32]) {
      const r = await measure(target.baseUrl, urls, concurrency, REQUESTS_PER_LEVEL)
      rows.push([
        r.concurrency,
        r.requests,
        r.failures,
        r.p50.toFixed(2),
        r.p95.toFixed(2),
        r.p99.toFixed(2),
        r.perSecond.toFixed(0),
      ])
    }
    console.log(
      `\nquote/single, no estimation, ${urls.length} pair/size mixes on chain 1 (server in its own process)`,
    )
    console.log(table(['concurrency', 'requests', 'non-200', 'p50 ms', 'p95 ms', 'p99 ms', 'quotes/s'], rows))
    const quality = await devnetQuality(target, d)
    if (quality) {
      console.log(
        '\nroute quality, devnet chain 1 WETH -> USDC, uniswap-v3 excluded (negative shortfall: extra paths)',
      )
      console.log(quality)
    }
    console.log('\nroute quality, five synthetic parallel V2 pools (pure router, no gas)')
    console.log(syntheticQuality())
  } finally {
    await target.close()
  }
}

await main(process.env.BENCH_URL)

/** The larger of two bigints (Math.max takes numbers only). */
function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b
}
