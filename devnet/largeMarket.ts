import { formatUnits, keccak256, toHex } from 'viem'
import type { ExchangeKind } from '../server/chains/deployment'
import type { PoolSpec } from './markets'
import type { DevTokenSpec } from './tokens'

export type { DevnetMarket } from '../server/config'

/**
 * Generated long-tail tokens per chain of the large market; chains not listed stay as in the small market.
 * Sized so the pools come to at least 5,000 on chain 1 and 2,000 on Arbitrum (largeMarket.test.ts).
 */
export const largeMarketTokenCounts: Readonly<Record<number, number>> = { 1: 1_800, 42161: 700 }

/** Pareto shape of a generated token's depth: alpha 1.2 (near the 80/20 rule), so a few are deep, most are thin. */
const PARETO_ALPHA = 1.2
/** Depth (USD) of the thinnest non-dust generated token, the Pareto scale. */
const PARETO_SCALE_USD = 3_000
const MAX_TOKEN_TVL_USD = 20_000_000
/** Percent of generated tokens that are dust: one pool of $5 to $50. */
const DUST_PERCENT = 4n

/** Deterministic 256-bit seed of a label (keccak256), so every "random" choice repeats. */
function seedOf(label: string): bigint {
  return BigInt(keccak256(toHex(label)))
}

/** A seeded uniform number in (0, 1]. */
function unitOf(label: string): number {
  return (Number(seedOf(label) % 1_000_000n) + 1) / 1_000_000
}

/**
 * The generated long-tail tokens of one chain of the large market (none for other chains): `LT0001`.., decimals
 * 18 (80%), 9, 8 or 6, each priced inline (`usd:<price>`, four significant digits, $1e-7 to $9,999).
 */
export function generateLongTailTokens(chainId: number): DevTokenSpec[] {
  const count = largeMarketTokenCounts[chainId] ?? 0
  const tokens: DevTokenSpec[] = []
  for (let i = 1; i <= count; i++) {
    const seed = seedOf(`${chainId}:lt:${i}`)
    const d = seed % 100n
    const decimals = d < 80n ? 18 : d < 88n ? 9 : d < 94n ? 8 : 6
    const exponent = Number((seed >> 8n) % 11n) - 7
    const mantissa = 1_000n + ((seed >> 16n) % 9_000n)
    const priceE18 = mantissa * 10n ** BigInt(15 + exponent)
    const number = String(i).padStart(4, '0')
    tokens.push({
      symbol: `LT${number}`,
      name: `Long Tail ${number}`,
      decimals,
      priceSymbol: `usd:${formatUnits(priceE18, 18)}`,
      tags: ['long-tail'],
      generated: true,
    })
  }
  return tokens
}

interface Venue {
  exchangeId: string
  kind: ExchangeKind
  fee?: number
}

/** Concentrated ranges of a V3 pool of the large market by its depth: deep pools initialize many ticks. */
export function computeLargeV3Ranges(tvlUsd: number): number {
  if (tvlUsd >= 1_000_000) return 16
  if (tvlUsd >= 100_000) return 6
  if (tvlUsd >= 10_000) return 3
  if (tvlUsd >= 1_000) return 1
  return 0
}

/** A pair's place on a venue: one per fee tier, but Algebra Integral has one pool a pair whatever its fee. */
function venueKey(a: string, b: string, venue: Venue): string {
  const [x, y] = a < b ? [a, b] : [b, a]
  const tier = venue.kind === 'algebra-integral' ? '' : (venue.fee ?? '')
  return `${x}/${y}@${venue.exchangeId}:${tier}`
}

/** Kinds whose pools hold concentrated positions, laddered by depth (`computeLargeV3Ranges`). */
const CONCENTRATED_KINDS: readonly ExchangeKind[] = ['uniswap-v3', 'uniswap-v4', 'algebra-integral']

/**
 * The pools the large market adds to a chain's small market (`base`): every pair of hub tokens (wrapped native,
 * stables, majors) on every venue (Uniswap V4 at 0.05% and 0.3%, Algebra Integral once a pair), then each
 * generated token on 1 to 6 pools (dust tokens on one) against hubs and earlier generated tokens, their depth
 * Pareto-distributed across tokens and split across the token's pools, a share of them on V4 and Algebra. No
 * pair is on one venue twice, and no pool of `base` is repeated; a token whose transfers return nothing (chain
 * 1's USDT) has no V4 or Algebra pool (their liquidity helpers expect a bool). Deep concentrated pools carry
 * many ranges (`v3Ranges`). Every pool is priced at the table (offset 0), so no cycle pays at start.
 */
export function computeLargeMarketSpecs(params: {
  chainId: number
  base: readonly PoolSpec[]
  tokens: readonly DevTokenSpec[]
  wrapped: string
  /** Uniswap V3, the two V2s, then the chain's others (Uniswap V4 and Algebra Integral are used when present). */
  exchanges: readonly { id: string; kind: ExchangeKind }[]
}): PoolSpec[] {
  const { chainId, tokens, wrapped } = params
  const [v3, v2a, v2b] = params.exchanges
  if (!v3 || !v2a || !v2b) throw new Error(`Devnet chain ${chainId} needs three exchanges`)
  const v4 = params.exchanges.find((e) => e.kind === 'uniswap-v4')
  const algebra = params.exchanges.find((e) => e.kind === 'algebra-integral')
  const v3At = (fee: number): Venue => ({ exchangeId: v3.id, kind: v3.kind, fee })
  const onV2a: Venue = { exchangeId: v2a.id, kind: v2a.kind }
  const onV2b: Venue = { exchangeId: v2b.id, kind: v2b.kind }
  const v4At = (fee: number): Venue[] => (v4 ? [{ exchangeId: v4.id, kind: v4.kind, fee }] : [])
  const algebraAt = (fee: number): Venue[] =>
    algebra ? [{ exchangeId: algebra.id, kind: algebra.kind, fee }] : []
  const allVenues = [v3At(500), v3At(3000), v3At(10000), onV2a, onV2b, ...v4At(500), ...v4At(3000)]
  const noReturn = new Set(tokens.filter((t) => t.noReturnValue).map((t) => t.symbol))

  const taken = new Set(params.base.map((s) => venueKey(s.symbolA, s.symbolB, s)))
  const specs: PoolSpec[] = []
  const add = (symbolA: string, symbolB: string, venue: Venue, tvlUsd: number): boolean => {
    const key = venueKey(symbolA, symbolB, venue)
    if (taken.has(key)) return false
    const helperPaid = venue.kind === 'uniswap-v4' || venue.kind === 'algebra-integral'
    if (helperPaid && (noReturn.has(symbolA) || noReturn.has(symbolB))) return false
    taken.add(key)
    specs.push({
      exchangeId: venue.exchangeId,
      kind: venue.kind,
      symbolA,
      symbolB,
      ...(venue.fee === undefined ? {} : { fee: venue.fee }),
      tvlUsd,
      offsetBps: 0,
      ...(CONCENTRATED_KINDS.includes(venue.kind) ? { v3Ranges: computeLargeV3Ranges(tvlUsd) } : {}),
    })
    return true
  }

  const stables = tokens.filter((t) => t.tags.includes('stable')).map((t) => t.symbol)
  const majors = tokens.filter((t) => t.tags.includes('major')).map((t) => t.symbol)
  const btc = tokens.find((t) => t.priceSymbol === 'BTC')?.symbol
  const hubs = [wrapped, ...stables, ...majors]
  const core = new Set([wrapped, ...stables.slice(0, 2), ...(btc ? [btc] : [])])
  for (const [i, a] of hubs.entries()) {
    for (const b of hubs.slice(i + 1)) {
      const deep = core.has(a) && core.has(b)
      const tvlUsd = deep
        ? 5_000_000 + Number(seedOf(`${chainId}:hub:${a}/${b}`) % 16n) * 1_000_000
        : 300_000 + Number(seedOf(`${chainId}:hub:${a}/${b}`) % 28n) * 100_000
      for (const venue of [...allVenues, ...algebraAt(deep ? 500 : 3000)]) add(a, b, venue, tvlUsd)
    }
  }

  const generated = tokens.filter((t) => t.generated)
  const primaryHubs = [
    wrapped,
    stables[0] ?? wrapped,
    stables[1] ?? wrapped,
    stables[2] ?? wrapped,
    btc ?? wrapped,
  ]
  /** Percent thresholds of the primary hub: wrapped 55, USDC 30, USDT 8, DAI 4, BTC 3. */
  const primaryCuts = [55n, 85n, 93n, 97n, 100n]
  /**
   * Venue preference of the long tail, cumulative percent: V2 a 35, V3 1% 22, V2 b 13, V3 0.3% 12, V3 0.05% 5,
   * V4 1% 8, Algebra 1% 5 (a chain without V4 or Algebra gives their share to V2 a).
   */
  const tailVenues: [bigint, Venue][] = [
    [35n, onV2a],
    [57n, v3At(10000)],
    [70n, onV2b],
    [82n, v3At(3000)],
    [87n, v3At(500)],
    [95n, v4At(10000)[0] ?? onV2a],
    [100n, algebraAt(10000)[0] ?? onV2a],
  ]
  for (const [index, token] of generated.entries()) {
    const label = `${chainId}:${token.symbol}`
    const seed = seedOf(`${label}:pools`)
    const dust = seed % 100n < DUST_PERCENT
    const tokenTvl = dust
      ? 5 + Number((seed >> 8n) % 46n)
      : Math.min(
          MAX_TOKEN_TVL_USD,
          Math.round(PARETO_SCALE_USD * unitOf(`${label}:depth`) ** (-1 / PARETO_ALPHA)),
        )
    const poolCount = dust
      ? 1
      : Math.min(6, 2 + Math.floor(Math.log10(tokenTvl / PARETO_SCALE_USD) * 2) + Number((seed >> 16n) % 2n))
    for (let k = 0; k < poolCount; k++) {
      const pick = seedOf(`${label}:pool:${k}`)
      let partner: string
      if (k === 0) {
        const cut = primaryCuts.findIndex((c) => pick % 100n < c)
        partner = primaryHubs[cut] ?? wrapped
      } else if ((pick >> 8n) % 100n < 35n && index > 0) {
        partner = generated[Number((pick >> 16n) % BigInt(index))]?.symbol ?? wrapped
      } else {
        partner = hubs[Number((pick >> 16n) % BigInt(hubs.length))] ?? wrapped
      }
      // the first pool holds half the token's depth, the others share the rest
      const share = poolCount === 1 ? 1 : k === 0 ? 0.5 : 0.5 / (poolCount - 1)
      const tvlUsd = Math.max(5, Math.round(tokenTvl * share))
      const roll = (pick >> 24n) % 100n
      const preferred = tailVenues.findIndex(([cut]) => roll < cut)
      // a pair already on the preferred venue (or barred from it) goes to the next one; on all, it gets no more
      for (let step = 0; step < tailVenues.length; step++) {
        const venue = tailVenues[(preferred + step) % tailVenues.length]?.[1]
        if (venue && add(token.symbol, partner, venue, tvlUsd)) break
      }
    }
  }
  return specs
}
