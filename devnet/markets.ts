import { type Address, keccak256, toHex } from 'viem'
import { getEvmChainInfo } from '../server/chains/chainInfo'
import type { ExchangeKind } from '../server/chains/deployment'
import {
  getSqrtRatioAtTick,
  getTickAtSqrtRatio,
  MAX_TICK,
  MIN_TICK,
} from '../server/poolKinds/uniswapV3/tickMath'
import { computeLargeMarketSpecs, type DevnetMarket } from './largeMarket'
import { getUsdPriceE18, type PriceSymbol } from './prices'
import { type DevTokenSpec, getDevnetTokens } from './tokens'

/** One exchange of a devnet chain; its index in `getDevnetExchanges` is its aggregatorFactoryId. */
export interface DevExchangeSpec {
  id: string
  name: string
  kind: ExchangeKind
  /** Same-origin path of the exchange's logo (a file under public/exchanges). */
  logo: string
}

/** A pool to create, before token addresses are known. Price is quoted as B per A. */
export interface PoolSpec {
  exchangeId: string
  kind: ExchangeKind
  symbolA: string
  symbolB: string
  /** V3, V4 and Algebra fee in pips; undefined for V2. */
  fee?: number
  /** V4 only: the pool holds native ETH in place of the wrapped native token, which is then token A. */
  native?: boolean
  tvlUsd: number
  /** Deviation of this pool's price of A in B from the price table, in bps (0 for every devnet pool). */
  offsetBps: number
  /**
   * V3 only: this many concentrated ranges laddered around the price (plus the full range) instead of the fee
   * tier's three (the large market's deep pools initialize many ticks, its dust pools only the full range).
   */
  v3Ranges?: number
}

/** A deployed token as the market planner needs it. */
export interface MarketToken {
  address: Address
  symbol: string
  decimals: number
  priceSymbol: PriceSymbol
}

export interface V2PoolPlan {
  kind: 'uniswap-v2'
  exchangeId: string
  token0: MarketToken
  token1: MarketToken
  reserve0: bigint
  reserve1: bigint
  tvlUsd: number
  /** Deviation of the base token's price (see baseIsToken0) from the table, in bps. */
  offsetBps: number
  /** Whether token0 is the spec's token A, whose price in B carries offsetBps. */
  baseIsToken0: boolean
}

export interface V3PositionPlan {
  tickLower: number
  tickUpper: number
  /** Amounts to pass as amount0Desired / amount1Desired (rounded up, as the pool charges). */
  amount0: bigint
  amount1: bigint
  /** Liquidity the NonfungiblePositionManager derives from these amounts. */
  liquidity: bigint
}

export interface V3PoolPlan {
  kind: 'uniswap-v3'
  exchangeId: string
  token0: MarketToken
  token1: MarketToken
  fee: number
  tickSpacing: number
  sqrtPriceX96: bigint
  tick: number
  positions: V3PositionPlan[]
  tvlUsd: number
  offsetBps: number
  baseIsToken0: boolean
}

/**
 * An Algebra Integral pool: V3's plan (ticks and positions alike); the pool's fee and tick spacing are set by the
 * factory's owner after it is created.
 */
export interface AlgebraPoolPlan extends Omit<V3PoolPlan, 'kind'> {
  kind: 'algebra-integral'
}

/**
 * A Uniswap V4 pool: V3's plan (ticks and positions alike) in V4's currency order, where native ETH (address zero)
 * sorts first; `token0` is then the wrapped native token standing for it.
 */
export interface V4PoolPlan extends Omit<V3PoolPlan, 'kind'> {
  kind: 'uniswap-v4'
  native: boolean
}

export type PoolPlan = V2PoolPlan | V3PoolPlan | V4PoolPlan | AlgebraPoolPlan

const Q96 = 2n ** 96n
const BPS = 10_000n
/** Tick spacing of each fee tier (V3's factory enables 500/3000/10000; the devnet's V4 pools also use 100). */
export const v3TickSpacings: Readonly<Record<number, number>> = { 100: 1, 500: 10, 3000: 60, 10000: 200 }

const v2ExchangesByChain: Readonly<Record<number, readonly [DevExchangeSpec, DevExchangeSpec]>> = {
  1: [v2('uniswap-v2', 'Uniswap V2'), v2('sushiswap', 'SushiSwap')],
  10: [v2('sushiswap', 'SushiSwap'), v2('uniswap-v2', 'Uniswap V2')],
  56: [v2('pancakeswap', 'PancakeSwap'), v2('biswap', 'BiSwap')],
  137: [v2('quickswap', 'QuickSwap'), v2('sushiswap', 'SushiSwap')],
  250: [v2('spookyswap', 'SpookySwap'), v2('spiritswap', 'SpiritSwap')],
  8453: [v2('baseswap', 'BaseSwap'), v2('sushiswap', 'SushiSwap')],
  42161: [v2('sushiswap', 'SushiSwap'), v2('camelot', 'Camelot')],
  43114: [v2('traderjoe', 'Trader Joe'), v2('pangolin', 'Pangolin')],
}

/** Further Uniswap-V3-bytecode factories of a chain, named after the V3 forks there (same pool init-code hash). */
const v3ForksByChain: Readonly<Record<number, readonly DevExchangeSpec[]>> = {
  1: [{ id: 'sushiswap-v3', name: 'SushiSwap V3', kind: 'uniswap-v3', logo: '/exchanges/sushiswap-v3.svg' }],
}

function v2(id: string, name: string): DevExchangeSpec {
  return { id, name, kind: 'uniswap-v2', logo: `/exchanges/${id}.svg` }
}

/**
 * The exchanges of one devnet chain in aggregator allowlist order: Uniswap V3 first, then the
 * Uniswap-V2-bytecode factories named after V2 DEXes of that chain, the chain's V3 forks, Algebra Integral, then
 * Uniswap V4 (whose allowlist entries, one per tick spacing and nativeness, come last). Throws for unknown chains.
 */
export function getDevnetExchanges(chainId: number): DevExchangeSpec[] {
  const v2s = v2ExchangesByChain[chainId]
  if (!v2s) throw new Error(`No devnet exchanges for chain ${chainId}`)
  return [
    { id: 'uniswap-v3', name: 'Uniswap V3', kind: 'uniswap-v3', logo: '/exchanges/uniswap-v3.svg' },
    ...v2s,
    ...(v3ForksByChain[chainId] ?? []),
    {
      id: 'algebra-integral',
      name: 'Algebra Integral',
      kind: 'algebra-integral',
      logo: '/exchanges/algebra-integral.svg',
    },
    { id: 'uniswap-v4', name: 'Uniswap V4', kind: 'uniswap-v4', logo: '/exchanges/uniswap-v4.svg' },
  ]
}

/** The tick spacings the devnet's Aggregator has Uniswap V4 entries for (each with and without native ETH). */
export const devnetV4TickSpacings: readonly number[] = [1, 10, 60, 200]

/** Symbol of the wrapped native token of a devnet chain (from chainInfo). */
export function getWrappedNativeSymbol(chainId: number): string {
  const info = getEvmChainInfo(chainId)
  if (!info) throw new Error(`Unknown chain ${chainId}`)
  return info.wrappedNative.symbol
}

/** Deterministic 256-bit seed of a string (keccak256), so every "random" choice is reproducible. */
export function computeSeed(label: string): bigint {
  return BigInt(keccak256(toHex(label)))
}

interface Venue {
  exchangeId: string
  kind: ExchangeKind
  fee?: number
  native?: boolean
}

/**
 * The pools of one pair, one per venue, all at the price table's mid price (offset 0): no two venues
 * of a pair differ by more than rounding, so no cycle between them pays after fees at start.
 */
function pairSpecs(symbolA: string, symbolB: string, tvlUsd: number, venues: Venue[]): PoolSpec[] {
  return venues.map((venue) => ({
    exchangeId: venue.exchangeId,
    kind: venue.kind,
    symbolA,
    symbolB,
    ...(venue.fee === undefined ? {} : { fee: venue.fee }),
    ...(venue.native === undefined ? {} : { native: venue.native }),
    tvlUsd,
    offsetBps: 0,
  }))
}

function findBy(
  tokens: readonly DevTokenSpec[],
  predicate: (t: DevTokenSpec) => boolean,
  what: string,
): DevTokenSpec {
  const found = tokens.find(predicate)
  if (!found) throw new Error(`Devnet token list lacks ${what}`)
  return found
}

/** Seeded TVL in [20k, 200k] USD, in whole thousands, for long-tail pools. */
export function computeLongTailTvlUsd(label: string): number {
  return 20_000 + Number(computeSeed(label) % 181n) * 1_000
}

/**
 * Every pool of one devnet chain, address-free: deep majors (wrapped/USDC $20M on V3 0.05% and
 * 0.3% plus every V2), stables, BTC and other majors against wrapped native on all exchanges and
 * against USDC on V3; long-tail tokens only against their one partner on V3 1% + the first V2;
 * the fee-on-transfer token only on the V2s (V3 pools reject taxed transfers). Throws for
 * unknown chains.
 */
export function getDevnetPoolSpecs(chainId: number, market: DevnetMarket = 'small'): PoolSpec[] {
  const { tokens } = getDevnetTokens(chainId, market)
  const exchanges = getDevnetExchanges(chainId)
  const [v3, v2a, v2b] = exchanges
  const algebra = exchanges.find((e) => e.kind === 'algebra-integral')
  const v4 = exchanges.find((e) => e.kind === 'uniswap-v4')
  if (!v3 || !v2a || !v2b || !algebra || !v4) throw new Error(`Devnet chain ${chainId} lacks an exchange`)
  const v3Forks = exchanges.filter((e) => e !== v3 && e.kind === 'uniswap-v3')
  const wrapped = getWrappedNativeSymbol(chainId)
  const stables = tokens.filter((t) => t.tags.includes('stable'))
  const [usdc, usdt, dai] = stables
  if (!usdc || !usdt || !dai) throw new Error(`Devnet chain ${chainId} needs three stables`)
  const btc = findBy(tokens, (t) => t.priceSymbol === 'BTC', 'a BTC token')

  const onV3 = (fee: number): Venue => ({ exchangeId: v3.id, kind: v3.kind, fee })
  const onV2 = (e: DevExchangeSpec): Venue => ({ exchangeId: e.id, kind: e.kind })
  const allV2 = [onV2(v2a), onV2(v2b)]
  const onV4 = (fee: number, native = false): Venue => ({ exchangeId: v4.id, kind: v4.kind, fee, native })
  const onAlgebra = (fee: number): Venue => ({ exchangeId: algebra.id, kind: algebra.kind, fee })

  const specs: PoolSpec[] = [
    ...pairSpecs(wrapped, usdc.symbol, 20_000_000, [onV3(500), onV3(3000), ...allV2]),
    ...pairSpecs(wrapped, usdt.symbol, 8_000_000, [onV3(500), ...allV2]),
    ...pairSpecs(usdc.symbol, usdt.symbol, 6_000_000, [onV3(500), onV2(v2a)]),
    ...pairSpecs(dai.symbol, usdc.symbol, 3_000_000, [onV3(500), onV2(v2a)]),
    ...pairSpecs(btc.symbol, wrapped, 10_000_000, [onV3(3000), onV3(500), ...allV2]),
    ...pairSpecs(btc.symbol, usdc.symbol, 4_000_000, [onV3(3000), onV2(v2a)]),
    // Uniswap V4: native ETH pools (two fee tiers), a wrapped-native pool, a 0.01 % stable pool (spacing 1); no
    // USDT (v4-core's liquidity router cannot pull a token whose transferFrom returns nothing, as chain 1's does)
    ...pairSpecs(wrapped, usdc.symbol, 12_000_000, [onV4(500, true), onV4(3000, false)]),
    ...pairSpecs(wrapped, dai.symbol, 4_000_000, [onV4(3000, true)]),
    ...pairSpecs(dai.symbol, usdc.symbol, 5_000_000, [onV4(100)]),
    ...pairSpecs(btc.symbol, usdc.symbol, 3_000_000, [onV4(3000)]),
    // Algebra Integral: one pool a pair, each with its fee and spacing set by the factory's owner (no USDT: the
    // package's callee, which adds the liquidity, calls transferFrom expecting a bool, which chain 1's USDT lacks)
    ...pairSpecs(wrapped, usdc.symbol, 10_000_000, [onAlgebra(500)]),
    ...pairSpecs(btc.symbol, wrapped, 5_000_000, [onAlgebra(3000)]),
    ...pairSpecs(dai.symbol, usdc.symbol, 4_000_000, [onAlgebra(100)]),
    ...pairSpecs(wrapped, dai.symbol, 3_000_000, [onAlgebra(3000)]),
    // the chain's V3 forks: the majors, at their own depths
    ...v3Forks.flatMap((fork) => {
      const on = (fee: number): Venue => ({ exchangeId: fork.id, kind: fork.kind, fee })
      return [
        ...pairSpecs(wrapped, usdc.symbol, 6_000_000, [on(3000)]),
        ...pairSpecs(wrapped, usdt.symbol, 3_000_000, [on(500)]),
        ...pairSpecs(btc.symbol, wrapped, 2_000_000, [on(3000)]),
      ]
    }),
  ]
  for (const token of tokens) {
    if (!token.tags.includes('major') || token === btc) continue
    const deepTvl = token.priceSymbol === 'ETH' ? 6_000_000 : 2_000_000
    specs.push(...pairSpecs(token.symbol, wrapped, deepTvl, [onV3(3000), ...allV2]))
    specs.push(...pairSpecs(token.symbol, usdc.symbol, deepTvl / 2.5, [onV3(3000)]))
  }
  for (const token of tokens) {
    if (!token.tags.includes('long-tail') || token.generated) continue
    const partner =
      token.pairedWith === 'wrapped' || token.pairedWith === undefined ? wrapped : token.pairedWith
    const tvlUsd = computeLongTailTvlUsd(`${chainId}:${token.symbol}:tvl`)
    const venues = token.tags.includes('fee-on-transfer') ? allV2 : [onV3(10000), onV2(v2a)]
    specs.push(...pairSpecs(token.symbol, partner, tvlUsd, venues))
  }
  if (market === 'small' || !tokens.some((t) => t.generated)) return specs
  // the large market: the small market's deep concentrated pools get many ranges too, then its own pools follow
  const base = specs.map((s) =>
    s.kind !== 'uniswap-v2' && s.tvlUsd >= 1_000_000 ? { ...s, v3Ranges: 16 } : s,
  )
  return [
    ...base,
    ...computeLargeMarketSpecs({ chainId, base, tokens, wrapped, exchanges: [v3, v2a, v2b, v4, algebra] }),
  ]
}

/** Floor square root of a non-negative bigint (Newton's method). */
export function sqrtBigInt(value: bigint): bigint {
  if (value < 0n) throw new RangeError('square root of a negative number')
  if (value < 2n) return value
  let x = BigInt(Math.floor(Math.sqrt(Number(value))))
  for (;;) {
    const y = (x + value / x) >> 1n
    if (y >= x && x * x <= value && (x + 1n) * (x + 1n) > value) return x
    x = y
  }
}

function sortTokens(a: MarketToken, b: MarketToken): [MarketToken, MarketToken] {
  // BigInt reads hex in any case: no checksum (a keccak per call, thousands of them in the large market)
  return BigInt(a.address) < BigInt(b.address) ? [a, b] : [b, a]
}

function usdToAmount(usdE18: bigint, token: MarketToken): bigint {
  return (usdE18 * 10n ** BigInt(token.decimals)) / getUsdPriceE18(token.priceSymbol)
}

function amountToUsdE18(amount: bigint, token: MarketToken): bigint {
  return (amount * getUsdPriceE18(token.priceSymbol)) / 10n ** BigInt(token.decimals)
}

/**
 * V2 reserves for a pool holding `tvlUsd` split evenly, with A priced in B at the table price
 * times (1 + offsetBps/10000). Returned in token0/token1 order (sorted by address). Exact, floored.
 */
export function computeV2Reserves(params: {
  tokenA: MarketToken
  tokenB: MarketToken
  tvlUsd: number
  offsetBps: number
}): { token0: MarketToken; token1: MarketToken; reserve0: bigint; reserve1: bigint } {
  const { tokenA, tokenB, offsetBps } = params
  const halfUsdE18 = (BigInt(params.tvlUsd) * 10n ** 18n) / 2n
  const reserveA = usdToAmount(halfUsdE18, tokenA)
  const reserveB = (usdToAmount(halfUsdE18, tokenB) * (BPS + BigInt(offsetBps))) / BPS
  const [token0, token1] = sortTokens(tokenA, tokenB)
  return token0 === tokenA
    ? { token0, token1, reserve0: reserveA, reserve1: reserveB }
    : { token0, token1, reserve0: reserveB, reserve1: reserveA }
}

/**
 * sqrtPriceX96 (floor) of a V3 pool pricing A in B at the table price times (1 + offsetBps/10000),
 * in raw units of token1 per token0 with tokens sorted by address (unless `token0` says otherwise).
 */
export function computeSqrtPriceX96(params: {
  tokenA: MarketToken
  tokenB: MarketToken
  offsetBps: number
  /** The pool's token0 when it is not the lower address (a V4 native pool: the wrapped native token). */
  token0?: MarketToken
}): bigint {
  const { tokenA, tokenB } = params
  // price of A in B, raw units: usdA * (1 + off) * 10^decB / (usdB * 10^decA)
  const num =
    getUsdPriceE18(tokenA.priceSymbol) * (BPS + BigInt(params.offsetBps)) * 10n ** BigInt(tokenB.decimals)
  const den = getUsdPriceE18(tokenB.priceSymbol) * BPS * 10n ** BigInt(tokenA.decimals)
  const token0 = params.token0 ?? sortTokens(tokenA, tokenB)[0]
  const [n, d] = token0 === tokenA ? [num, den] : [den, num]
  return sqrtBigInt((n << 192n) / d)
}

function mulDivRoundingUp(a: bigint, b: bigint, d: bigint): bigint {
  const product = a * b
  return product / d + (product % d === 0n ? 0n : 1n)
}

/** SqrtPriceMath.getAmount0Delta / getAmount1Delta with roundUp = true, for an in-range position. */
export function computeV3PositionAmounts(params: {
  sqrtPriceX96: bigint
  tickLower: number
  tickUpper: number
  liquidity: bigint
}): { amount0: bigint; amount1: bigint } {
  const sqrtLower = getSqrtRatioAtTick(params.tickLower)
  const sqrtUpper = getSqrtRatioAtTick(params.tickUpper)
  const sqrtP = params.sqrtPriceX96
  if (sqrtP < sqrtLower || sqrtP >= sqrtUpper) throw new RangeError('price outside position range')
  const a0Step = mulDivRoundingUp(params.liquidity << 96n, sqrtUpper - sqrtP, sqrtUpper)
  const amount0 = a0Step / sqrtP + (a0Step % sqrtP === 0n ? 0n : 1n)
  const amount1 = mulDivRoundingUp(params.liquidity, sqrtP - sqrtLower, Q96)
  return { amount0, amount1 }
}

/** LiquidityAmounts.getLiquidityForAmounts for an in-range position, as the position manager mints it. */
export function computeLiquidityForAmounts(params: {
  sqrtPriceX96: bigint
  tickLower: number
  tickUpper: number
  amount0: bigint
  amount1: bigint
}): bigint {
  const sqrtLower = getSqrtRatioAtTick(params.tickLower)
  const sqrtUpper = getSqrtRatioAtTick(params.tickUpper)
  const sqrtP = params.sqrtPriceX96
  const intermediate = (sqrtP * sqrtUpper) / Q96
  const liquidity0 = (params.amount0 * intermediate) / (sqrtUpper - sqrtP)
  const liquidity1 = (params.amount1 * Q96) / (sqrtP - sqrtLower)
  return liquidity0 < liquidity1 ? liquidity0 : liquidity1
}

/** Concentrated range half-widths in ticks and budget weights (percent) per fee tier; first weight is full range. */
const v3Ranges: Readonly<Record<number, { widths: number[]; weights: number[] }>> = {
  100: { widths: [20, 100, 400], weights: [40, 30, 20, 10] },
  500: { widths: [100, 500, 2000], weights: [40, 30, 20, 10] },
  3000: { widths: [600, 2400, 7200], weights: [40, 30, 20, 10] },
  10000: { widths: [2000, 10000], weights: [50, 30, 20] },
}

/**
 * `count` concentrated ranges of half-widths 2, 8, 18, .. 2k² tick spacings (each initializing two ticks of its
 * own), the full range holding 20% of the budget and the ranges sharing the rest (weights in percent, floored).
 */
export function computeV3Ladder(spacing: number, count: number): { widths: number[]; weights: number[] } {
  const widths = Array.from({ length: count }, (_, k) => spacing * 2 * (k + 1) ** 2)
  const share = count === 0 ? 0 : Math.floor(80 / count)
  return { widths, weights: [count === 0 ? 100 : 100 - share * count, ...widths.map(() => share)] }
}

/**
 * The V3 positions of a pool: one full-range position plus concentrated ranges around the current
 * tick (aligned to the tick spacing, current tick strictly inside), each funded with its weight of
 * `tvlUsd` valued at the price table.
 */
export function computeV3Positions(params: {
  token0: MarketToken
  token1: MarketToken
  fee: number
  sqrtPriceX96: bigint
  tvlUsd: number
  /** Ladder this many concentrated ranges instead of the fee tier's (see `computeV3Ladder`). */
  ranges?: number
}): V3PositionPlan[] {
  const spacing = v3TickSpacings[params.fee]
  const tierRanges = v3Ranges[params.fee]
  if (spacing === undefined || tierRanges === undefined) throw new Error(`Unsupported V3 fee ${params.fee}`)
  const ranges = params.ranges === undefined ? tierRanges : computeV3Ladder(spacing, params.ranges)
  const tick = getTickAtSqrtRatio(params.sqrtPriceX96)
  const bounds: [number, number][] = [
    [Math.ceil(MIN_TICK / spacing) * spacing, Math.floor(MAX_TICK / spacing) * spacing],
    ...ranges.widths.map((w): [number, number] => [
      Math.max(Math.ceil(MIN_TICK / spacing) * spacing, Math.floor((tick - w) / spacing) * spacing),
      Math.min(Math.floor(MAX_TICK / spacing) * spacing, Math.ceil((tick + w + 1) / spacing) * spacing),
    ]),
  ]
  const referenceLiquidity = 10n ** 24n
  return bounds.map(([tickLower, tickUpper], i) => {
    const budgetUsdE18 = (BigInt(params.tvlUsd) * 10n ** 18n * BigInt(ranges.weights[i] ?? 0)) / 100n
    const reference = computeV3PositionAmounts({
      sqrtPriceX96: params.sqrtPriceX96,
      tickLower,
      tickUpper,
      liquidity: referenceLiquidity,
    })
    const referenceUsdE18 =
      amountToUsdE18(reference.amount0, params.token0) + amountToUsdE18(reference.amount1, params.token1)
    const target = (budgetUsdE18 * referenceLiquidity) / referenceUsdE18
    const { amount0, amount1 } = computeV3PositionAmounts({
      sqrtPriceX96: params.sqrtPriceX96,
      tickLower,
      tickUpper,
      liquidity: target,
    })
    const liquidity = computeLiquidityForAmounts({
      sqrtPriceX96: params.sqrtPriceX96,
      tickLower,
      tickUpper,
      amount0,
      amount1,
    })
    return { tickLower, tickUpper, amount0, amount1, liquidity }
  })
}

/** Turns one address-free pool spec into exact on-chain amounts, given the deployed tokens. */
export function computePoolPlan(spec: PoolSpec, tokenA: MarketToken, tokenB: MarketToken): PoolPlan {
  if (spec.kind === 'uniswap-v2') {
    const reserves = computeV2Reserves({ tokenA, tokenB, tvlUsd: spec.tvlUsd, offsetBps: spec.offsetBps })
    return {
      kind: 'uniswap-v2',
      exchangeId: spec.exchangeId,
      tvlUsd: spec.tvlUsd,
      offsetBps: spec.offsetBps,
      baseIsToken0: reserves.token0 === tokenA,
      ...reserves,
    }
  }
  const fee = spec.fee ?? 3000
  const tickSpacing = v3TickSpacings[fee]
  if (tickSpacing === undefined) throw new Error(`Unsupported V3 fee ${fee}`)
  // a V4 native pool: native ETH (address zero) is currency0, the wrapped native token stands for it
  const [token0, token1] = spec.native ? [tokenA, tokenB] : sortTokens(tokenA, tokenB)
  const sqrtPriceX96 = computeSqrtPriceX96({ tokenA, tokenB, offsetBps: spec.offsetBps, token0 })
  const kind =
    spec.kind === 'uniswap-v4'
      ? { kind: 'uniswap-v4' as const, native: spec.native ?? false }
      : spec.kind === 'algebra-integral'
        ? { kind: 'algebra-integral' as const }
        : { kind: 'uniswap-v3' as const }
  return {
    ...kind,
    exchangeId: spec.exchangeId,
    token0,
    token1,
    fee,
    tickSpacing,
    sqrtPriceX96,
    tick: getTickAtSqrtRatio(sqrtPriceX96),
    positions: computeV3Positions({
      token0,
      token1,
      fee,
      sqrtPriceX96,
      tvlUsd: spec.tvlUsd,
      ...(spec.v3Ranges === undefined ? {} : { ranges: spec.v3Ranges }),
    }),
    tvlUsd: spec.tvlUsd,
    offsetBps: spec.offsetBps,
    baseIsToken0: token0 === tokenA,
  }
}

/**
 * All pool plans of one devnet chain, given its deployed tokens (wrapped native included, by
 * symbol). Throws when a spec names a token that is missing.
 */
export function computeDevnetMarkets(params: {
  chainId: number
  tokens: readonly MarketToken[]
  market?: DevnetMarket
}): PoolPlan[] {
  const bySymbol = new Map(params.tokens.map((t) => [t.symbol, t]))
  return getDevnetPoolSpecs(params.chainId, params.market).map((spec) => {
    const tokenA = bySymbol.get(spec.symbolA)
    const tokenB = bySymbol.get(spec.symbolB)
    if (!tokenA || !tokenB) throw new Error(`Missing token for pool ${spec.symbolA}/${spec.symbolB}`)
    return computePoolPlan(spec, tokenA, tokenB)
  })
}

/** Amount to send so that `received` arrives after a transfer tax of `feeBps` (rounded up). */
export function computeGrossForTransferFee(received: bigint, feeBps: number): bigint {
  const keep = BPS - BigInt(feeBps)
  return (received * BPS + keep - 1n) / keep
}

/** Amount of `token` worth `usd` whole dollars at the price table (floored). */
export function computeAmountForUsd(
  token: { decimals: number; priceSymbol: PriceSymbol },
  usd: number,
): bigint {
  return (BigInt(usd) * 10n ** BigInt(18 + token.decimals)) / getUsdPriceE18(token.priceSymbol)
}
