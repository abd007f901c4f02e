import { queryOptions } from '@tanstack/react-query'
import { getAddress, isAddress } from 'viem'
import { fetchTokenInfo } from './fetchTokenInfo'
import { fetchTokenSearch } from './fetchTokenSearch'

/** Most results a typed search asks for. */
export const tokenSearchLimit = 20

/**
 * Query options for the token dialog's search on `chainId`: a whole pasted address asks the token endpoint for
 * that one token (an unlisted one is imported by the server when it has a deep enough pool, tagged `unverified`;
 * else it fails with `ApiError` `TOKEN_NOT_FOUND`, `NO_LIQUIDITY` or `TOKEN_TRANSFER_TAXED`), any other
 * text the server's ranked search. Keyed on chain and trimmed query; kept for a minute.
 */
export function tokenSearchQueryOptions(params: { chainId: number; query: string }) {
  const query = params.query.trim()
  return queryOptions({
    queryKey: ['tokenSearch', params.chainId, query] as const,
    queryFn: async ({ signal }) =>
      isAddress(query, { strict: false })
        ? [await fetchTokenInfo({ chainId: params.chainId, tokenAddress: getAddress(query), signal })]
        : fetchTokenSearch({ chainId: params.chainId, query, limit: tokenSearchLimit, signal }),
    staleTime: 60_000,
  })
}
