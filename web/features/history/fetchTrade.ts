import { queryOptions } from '@tanstack/react-query'
import { hc } from 'hono/client'
import type { AppType } from '../../../server/app'
import { type ApiRequestParams, getBaseUrl, readJson } from '../../lib/api'

/** A trade as the watcher indexed it (`GET /trade/v1/info/trade/{chainId}/{txHash}`). */
export interface TradeInfo {
  status: number
  tokensReceived: string
  amount: string
  tokenFromAddress: string
  tokenToAddress: string
  gasUsed: string
  blockNumber: number
}

/** Reads an indexed trade; throws `ApiError` with code `NOT_FOUND` until the watcher has seen it. */
export async function fetchTrade(
  params: ApiRequestParams & { chainId: number; hash: `0x${string}` },
): Promise<TradeInfo> {
  const client = hc<AppType>(getBaseUrl(params.baseUrl))
  const response = await client.trade.v1.info.trade[':chainId'][':txHash'].$get(
    { param: { chainId: String(params.chainId), txHash: params.hash } },
    { init: { signal: params.signal ?? null } },
  )
  return readJson<TradeInfo>(response)
}

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
