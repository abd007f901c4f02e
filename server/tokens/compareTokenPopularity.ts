import type { TokenRecord } from './buildTokenRecord'

/** A token record with the depth of its markets, the ranking signal of the token lists. */
export interface ListedToken {
  record: TokenRecord
  /** USD value of the token's side of every pool it is in (see `computeTokenLiquidityUsd`). */
  liquidityUsd: number
}

/** Ranking group by tag: native, wrapped native, stables, majors, untagged, long-tail. */
export function getPopularityGroup(tags: readonly string[]): number {
  if (tags.includes('native')) return 0
  if (tags.includes('wrapped-native')) return 1
  if (tags.includes('stable')) return 2
  if (tags.includes('major')) return 3
  if (tags.includes('long-tail') || tags.includes('fee-on-transfer')) return 5
  return 4
}

/**
 * Orders tokens for the popular list: by group (native, wrapped native, stables, majors, untagged,
 * long-tail), then by liquidity in USD (deepest first; depths within a millionth of each other are equal,
 * so float rounding of equal markets never decides), then by symbol, address and chain id so the order is
 * total and deterministic. A comparator for `Array.prototype.sort`. Pure.
 */
export function compareTokenPopularity(a: ListedToken, b: ListedToken): number {
  return (
    getPopularityGroup(a.record.tags) - getPopularityGroup(b.record.tags) ||
    compareDepth(a.liquidityUsd, b.liquidityUsd) ||
    compareText(a.record.symbol, b.record.symbol) ||
    compareText(a.record.address.toLowerCase(), b.record.address.toLowerCase()) ||
    a.record.chainId - b.record.chainId
  )
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Deeper first; equal within a relative 1e-6. */
function compareDepth(a: number, b: number): number {
  return Math.abs(a - b) <= 1e-6 * Math.max(Math.abs(a), Math.abs(b)) ? 0 : b - a
}
