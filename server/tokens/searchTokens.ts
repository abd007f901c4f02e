import { type Address, isAddressEqual, zeroAddress } from 'viem'
import { evmAddressPattern } from '../openapi/schemas'
import { isNativeAddress } from '../quotes/resolveTradeTokens'
import type { TokenRecord } from './buildTokenRecord'
import { compareTokenPopularity, type ListedToken } from './compareTokenPopularity'

/** How a token matches a search term, best first. */
export const searchMatchRanks = {
  exactAddress: 0,
  exactSymbol: 1,
  symbolPrefix: 2,
  namePrefix: 3,
  substring: 4,
} as const

export type SearchMatchRank = (typeof searchMatchRanks)[keyof typeof searchMatchRanks]

const partialAddressPattern = /^0x[0-9a-fA-F]{4,39}$/

/**
 * How `record` matches `query` (case-insensitive, trimmed): a full address matches only that address
 * (either spelling of native currency matches the native record); otherwise exact symbol, symbol
 * prefix, name prefix, then a substring of symbol or name, or a prefix of the address for a partial
 * `0x…` term of at least 4 hex digits. Undefined when it does not match. Pure.
 */
export function getSearchMatchRank(record: TokenRecord, query: string): SearchMatchRank | undefined {
  const term = query.trim().toLowerCase()
  if (term === '') return undefined
  if (evmAddressPattern.test(term)) {
    const wanted = isNativeAddress(term) ? zeroAddress : (term as Address)
    return isAddressEqual(record.address, wanted) ? searchMatchRanks.exactAddress : undefined
  }
  const symbol = record.symbol.toLowerCase()
  const name = record.name.toLowerCase()
  if (symbol === term) return searchMatchRanks.exactSymbol
  if (symbol.startsWith(term)) return searchMatchRanks.symbolPrefix
  if (name.startsWith(term)) return searchMatchRanks.namePrefix
  if (symbol.includes(term) || name.includes(term)) return searchMatchRanks.substring
  if (partialAddressPattern.test(term) && record.address.toLowerCase().startsWith(term)) {
    return searchMatchRanks.substring
  }
  return undefined
}

/**
 * Finds the tokens matching `query` among `tokens` and ranks them: by match (exact address > exact
 * symbol > symbol prefix > name prefix > substring), then by popularity (native, wrapped native,
 * stables, majors before long-tail, deeper liquidity first; see `compareTokenPopularity`). Returns at
 * most `limit` records. Pure.
 */
export function searchTokens(tokens: readonly ListedToken[], query: string, limit: number): TokenRecord[] {
  return tokens
    .flatMap((token) => {
      const rank = getSearchMatchRank(token.record, query)
      return rank === undefined ? [] : [{ token, rank }]
    })
    .sort((a, b) => a.rank - b.rank || compareTokenPopularity(a.token, b.token))
    .slice(0, limit)
    .map(({ token }) => token.record)
}
