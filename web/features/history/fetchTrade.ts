import { queryOptions } from '@tanstack/react-query'
import { type ApiRequestParams, createApiClient, parseApiResponse } from '../../lib/api'

/**
 * Reads a trade as the watcher indexed it (`GET /trade/v1/info/trade/{chainId}/{txHash}`); throws `ApiError`
 * with code `NOT_FOUND` until the watcher has seen it.
 */
export async function fetchTrade(params: ApiRequestParams & { chainId: number; hash: `0x${string}` }) {
  const client = createApiClient(params.baseUrl)
  return parseApiResponse(
    client.trade.v1.info.trade[':chainId'][':txHash'].$get(
      { param: { chainId: String(params.chainId), txHash: params.hash } },
      { init: { signal: params.signal ?? null } },
    ),
  )
}

/** A trade as the watcher indexed it, typed from the server's route definition. */
export type TradeInfo = Awaited<ReturnType<typeof fetchTrade>>

/** Query options for an indexed trade: polled every 3 s while the watcher has not indexed it yet. */
export function tradeQueryOptions(params: { chainId: number; hash: `0x${string}` }) {
  return queryOptions({
    queryKey: ['trade', params.chainId, params.hash] as const,
    queryFn: ({ signal }) => fetchTrade({ ...params, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data === undefined ? 3_000 : false),
  })
}
