import { readFileSync } from 'node:fs'
import { deserialize } from 'node:v8'
import { type Address, formatUnits, zeroAddress } from 'viem'
import type { ChainDeployment } from '../server/chains/deployment'
import { findBestRoute, type PoolState } from '../server/routing'
import { applyTransferFee } from '../server/routing/applyTransferFee'
import { computeGasCostInToken, computeStepsGasUnits } from '../server/routing/gasModel'
import { MAX_ROUTE_STEPS } from '../server/routing/quoteRouteSteps'
import { RoutingError } from '../server/routing/RoutingError'
import type { Price } from '../server/routing/types'
import { buildLargeMarketMix } from './buildLargeMarketMix'
import { flowOptimumBound } from './flowOptimumBound'

/*
 * `PROFILE_SNAPSHOT=file tsx bench/largeRouteQuality.ts`: route quality on the large market. For the cold
 * requests of chain 1's large mix (bench:quote's, seeded) worth at least QUALITY_MIN_USD ($10k), the router's
 * best gross route over the kept snapshot (`bench/routeProfile.ts` writes it: deployment, pools, USD prices)
 * against `flowOptimumBound` over every pool of the chain: the shortfall against the best feasible flow known
 * (the reference's repaired flow or the router's own), in bp. Net of gas too: the router's best route with gas
 * priced (the snapshot's gas price) against the known flows' outputs less their steps' gas (the gas model's).
 * Prints figures; asserts nothing.
 */

const SNAPSHOT_FILE = process.env.PROFILE_SNAPSHOT
if (!SNAPSHOT_FILE) throw new Error('PROFILE_SNAPSHOT=file (written by bench/routeProfile.ts) is needed')
const MIN_USD = Number(process.env.QUALITY_MIN_USD ?? 10_000)
const COUNT = Number(process.env.PROFILE_COUNT ?? 200)
const CASES = Number(process.env.QUALITY_CASES ?? 40)

const { d, gasPriceWei, pools, usd } = deserialize(readFileSync(SNAPSHOT_FILE)) as {
  d: ChainDeployment
  gasPriceWei: bigint
  pools: readonly PoolState[]
  usd: Record<string, number>
}
const nativeUsd = usd[d.wrappedNative] ?? 0
/** A token's base units per wei of native currency, from the snapshot's USD prices (bench/routeProfile.ts's). */
const nativePriceIn = (address: Address, decimals: number): Price => ({
  num: BigInt(Math.round((nativeUsd / (usd[address] ?? 1)) * 10 ** (decimals - 18) * 1e30)),
  den: 10n ** 30n,
})
const connectors = d.tokens
  .filter((t) => t.tags.some((tag) => tag === 'stable' || tag === 'major' || tag === 'wrapped-native'))
  .map((t) => t.address)
const byAddress = new Map(d.tokens.map((t) => [t.address.toLowerCase(), t]))
const routeAddress = (a: string) => (a === zeroAddress ? d.wrappedNative : (a as Address))
const taxed = d.tokens.filter((t) => (t.transferFeeBps ?? 0) > 0).map((t) => t.address)
const bps = (short: bigint, of: bigint) => (of > 0n ? Number((short * 10_000_000n) / of) / 1000 : 0)

const { cold } = buildLargeMarketMix({ deployments: [d], count: COUNT })
const shortfalls: {
  label: string
  bp: number
  gapBp: number
  ms: number
  /** Steps of the best known flow. */
  steps: number
  /** Shortfall against a flow of at most MAX_ROUTE_STEPS steps (the same as `bp` for a flow of that many). */
  withinStepsBp: number
  /** Net of gas: the router's route with gas priced against the best known flow's output less its gas. */
  netBp: number
}[] = []
for (const url of cold) {
  if (shortfalls.length >= CASES) break
  const q = new URL(url, 'http://x').searchParams
  const tokenIn = byAddress.get(routeAddress(q.get('fromTokenAddress') ?? '').toLowerCase())
  const tokenOut = byAddress.get(routeAddress(q.get('toTokenAddress') ?? '').toLowerCase())
  const amount = BigInt(q.get('amount') ?? '0')
  if (!tokenIn || !tokenOut) continue
  const sizeUsd = Number(formatUnits(amount, tokenIn.decimals)) * (usd[tokenIn.address] ?? 0)
  if (sizeUsd < MIN_USD) continue
  const base = {
    pools,
    tokenIn: routeAddress(tokenIn.address),
    tokenOut: routeAddress(tokenOut.address),
    tradeType: 'exactIn' as const,
    amount,
    connectors,
    tokens: d.tokens,
  }
  let gross: bigint
  let net: bigint
  const nativePriceInTokenOut = nativePriceIn(tokenOut.address, tokenOut.decimals)
  try {
    gross = findBestRoute(base).amountOutGross
    const priced = findBestRoute({
      ...base,
      gasPriceWei,
      nativePriceInTokenIn: nativePriceIn(tokenIn.address, tokenIn.decimals),
      nativePriceInTokenOut,
    })
    net = priced.amountOutGross - priced.gasCostInToken
  } catch (error) {
    if (error instanceof RoutingError) continue
    throw error
  }
  const amountIn = applyTransferFee(amount, tokenIn.transferFeeBps ?? 0)
  const started = performance.now()
  const bound = flowOptimumBound({
    pools,
    tokenIn: base.tokenIn,
    tokenOut: base.tokenOut,
    amountIn,
    excludedTokens: taxed,
  })
  const ms = performance.now() - started
  if (!bound) continue
  const label = `${tokenIn.symbol}->${tokenOut.symbol} $${Math.round(sizeUsd).toLocaleString('en-US')}`
  // a best flow of more steps than the Aggregator runs: the best flow over the pools of its MAX_ROUTE_STEPS
  // steps of most value, a flow the Aggregator could run (not an optimum of those: a reference to compare with;
  // its repaired flow may even beat the whole one's, and is then the best known)
  const steps = bound.route.steps.length
  const netOf = (flow: { feasible: bigint; route: { steps: typeof bound.route.steps } }) =>
    flow.feasible -
    computeGasCostInToken({
      gasUnits: computeStepsGasUnits(flow.route.steps),
      gasPriceWei,
      nativePriceInToken: nativePriceInTokenOut,
    })
  let bestNet = netOf(bound)
  let limited: bigint | undefined
  if (steps > MAX_ROUTE_STEPS) {
    const kept = [...bound.route.steps].sort((a, b) => b.value - a.value).slice(0, MAX_ROUTE_STEPS)
    const flow = flowOptimumBound({
      pools: [...new Set(kept.map((step) => step.pool))],
      tokenIn: base.tokenIn,
      tokenOut: base.tokenOut,
      amountIn,
    })
    limited = flow?.feasible
    const limitedNet = flow ? netOf(flow) : undefined
    if (limitedNet !== undefined && limitedNet > bestNet) bestNet = limitedNet
  }
  if (net > bestNet) bestNet = net
  const netBp = bps(bestNet - net, bestNet)
  const reachable = limited !== undefined && limited > gross ? limited : gross
  let lower = reachable
  if (bound.feasible > lower) lower = bound.feasible
  const bp = bps(lower - gross, lower)
  const withinStepsBp = limited === undefined ? bp : bps(reachable - gross, reachable)
  shortfalls.push({ label, bp, gapBp: bound.gapBp, ms, steps, withinStepsBp, netBp })
  process.stderr.write(
    `${label}: ${bp.toFixed(3)} bp short (reference gap ${bound.gapBp.toFixed(3)} bp, ${steps} steps, ` +
      `${withinStepsBp.toFixed(3)} bp within ${MAX_ROUTE_STEPS}, net of gas ${netBp.toFixed(3)} bp, ${ms.toFixed(0)} ms)\n`,
  )
  const symbolOf = (a: Address) => byAddress.get(a.toLowerCase())?.symbol ?? a.slice(0, 8)
  if (bp > 1)
    for (const step of bound.route.steps)
      process.stderr.write(
        `  ${symbolOf(step.tokenIn)} -> ${symbolOf(step.tokenOut)} via ${step.pool.kind} ${step.pool.address.slice(0, 10)} ` +
          `(${step.value.toFixed(3)})\n`,
      )
}
const sorted = shortfalls.map((s) => s.bp).sort((a, b) => a - b)
const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN
console.log(
  `chain 1: ${pools.length} pools; ${shortfalls.length} cold requests of >= $${MIN_USD.toLocaleString('en-US')}: ` +
    `gross shortfall against the best known flow p50 / p90 / max ${at(0.5).toFixed(2)} / ${at(0.9).toFixed(2)} / ` +
    `${(sorted.at(-1) ?? Number.NaN).toFixed(2)} bp; over 1 bp: ${sorted.filter((x) => x > 1).length}`,
)
const longer = shortfalls.filter((x) => x.bp > 1 && x.steps > MAX_ROUTE_STEPS)
console.log(
  `  of those, ${longer.length} against a best known flow of more than the Aggregator's ${MAX_ROUTE_STEPS} steps; ` +
    `against a flow of at most ${MAX_ROUTE_STEPS} steps over its most valuable pools, over 1 bp: ` +
    `${shortfalls.filter((x) => x.withinStepsBp > 1).length}`,
)
const netSorted = shortfalls.map((s) => s.netBp).sort((a, b) => a - b)
console.log(
  `  net of gas (gas price ${gasPriceWei} wei): shortfall p50 / p90 / max ${netSorted[Math.floor(netSorted.length / 2)]?.toFixed(2)} / ` +
    `${netSorted[Math.floor(netSorted.length * 0.9)]?.toFixed(2)} / ${netSorted.at(-1)?.toFixed(2)} bp; over 1 bp: ` +
    `${netSorted.filter((x) => x > 1).length}`,
)
for (const s of shortfalls.filter((x) => x.bp > 1 || x.netBp > 1))
  console.log(
    `  ${s.label}: ${s.bp.toFixed(2)} bp (${s.steps} steps${s.steps > MAX_ROUTE_STEPS ? `; within ${MAX_ROUTE_STEPS}: ${s.withinStepsBp.toFixed(2)} bp` : ''}; net of gas ${s.netBp.toFixed(2)} bp)`,
  )
