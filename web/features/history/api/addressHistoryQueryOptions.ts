import { infiniteQueryOptions } from '@tanstack/react-query'
import { fetchAddressHistory } from './fetchAddressHistory'

/** How often the server's history is read again while shown (trades under way move on). */
export const addressHistoryRefreshMs = 15_000

/**
 * Query options for an address's server-side history, `limit` items a page: the first page, and each next one
 * from the last page's `nextCursor` when asked (`fetchNextPage`; none after a null cursor). Every loaded page
 * is read again every 15 s.
 */
export function addressHistoryQueryOptions(params: { address: string; limit: number }) {
  return infiniteQueryOptions({
    queryKey: ['addressHistory', params.address.toLowerCase(), params.limit] as const,
    queryFn: ({ signal, pageParam }) => fetchAddressHistory({ ...params, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: addressHistoryRefreshMs,
    refetchInterval: addressHistoryRefreshMs,
    refetchIntervalInBackground: false,
  })
}
