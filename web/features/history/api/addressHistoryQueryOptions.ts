import { queryOptions } from '@tanstack/react-query'
import { fetchAddressHistory } from './fetchAddressHistory'

/** How often the server's history is read again while shown (trades under way move on). */
export const addressHistoryRefreshMs = 15_000

/** Query options for the first `limit` items of an address's server-side history, refreshed every 15 s. */
export function addressHistoryQueryOptions(params: { address: string; limit: number }) {
  return queryOptions({
    queryKey: ['addressHistory', params.address.toLowerCase(), params.limit] as const,
    queryFn: ({ signal }) => fetchAddressHistory({ ...params, signal }),
    staleTime: addressHistoryRefreshMs,
    refetchInterval: addressHistoryRefreshMs,
    refetchIntervalInBackground: false,
  })
}
