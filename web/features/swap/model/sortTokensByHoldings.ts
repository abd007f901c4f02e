import { computeTokenValueUsd } from './computeTokenValueUsd'

interface SortableToken {
  address: string
  decimals: number
  priceInUsd: number | null
}

/**
 * The token list with held tokens first: tokens with a non-zero balance in `balances` (keyed by lower-case
 * address, base units), the most valuable in USD first, unpriced holdings after priced ones; then every other
 * token. Ties keep the given (server) order. Returns a new array.
 */
export function sortTokensByHoldings<T extends SortableToken>(params: {
  tokens: readonly T[]
  balances: ReadonlyMap<string, bigint>
}): T[] {
  const entries = params.tokens.map((token, index) => {
    const balance = params.balances.get(token.address.toLowerCase()) ?? 0n
    const held = balance > 0n
    const usd = held
      ? computeTokenValueUsd({ amount: balance, decimals: token.decimals, priceInUsd: token.priceInUsd })
      : undefined
    return { token, index, held, usd }
  })
  return entries
    .sort((a, b) => {
      if (a.held !== b.held) return a.held ? -1 : 1
      if (a.usd !== undefined && b.usd !== undefined && a.usd !== b.usd) return b.usd - a.usd
      if ((a.usd === undefined) !== (b.usd === undefined)) return a.usd === undefined ? 1 : -1
      return a.index - b.index
    })
    .map((entry) => entry.token)
}
