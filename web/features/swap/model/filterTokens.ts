import { isAddress, isAddressEqual } from 'viem'

/**
 * Tokens matching a search: an address matches exactly (any case); text matches symbol or name, case
 * insensitive, symbol prefixes first, then other symbol matches, then name matches. An empty query keeps all.
 */
export function filterTokens<T extends { address: `0x${string}`; symbol: string; name: string }>(params: {
  tokens: readonly T[]
  query: string
}): T[] {
  const query = params.query.trim().toLowerCase()
  if (query === '') return [...params.tokens]
  if (isAddress(query, { strict: false }))
    return params.tokens.filter((t) => isAddressEqual(t.address, query))
  const rank = (t: T) => {
    const symbol = t.symbol.toLowerCase()
    if (symbol === query) return 0
    if (symbol.startsWith(query)) return 1
    if (symbol.includes(query)) return 2
    if (t.name.toLowerCase().includes(query)) return 3
    return 4
  }
  return params.tokens
    .map((token, index) => ({ token, index, rank: rank(token) }))
    .filter((entry) => entry.rank < 4)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.token)
}
