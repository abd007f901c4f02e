import { type ApiRequestParams, createApiClient, parseApiResponse } from '../../../lib/api'

/**
 * A page of an address's history as the server recorded it from the chains
 * (`GET /trade/v1/info/history/{address}`): swaps, cross-chain sends and gasless orders in one state model,
 * newest first; the first page, or the one after `cursor` (a page's `nextCursor`). Throws `ApiError` on a
 * non-2xx answer.
 */
export async function fetchAddressHistory(
  params: ApiRequestParams & { address: string; limit: number; cursor?: string | undefined },
) {
  const client = createApiClient(params.baseUrl)
  const query = {
    limit: String(params.limit),
    ...(params.cursor === undefined ? {} : { cursor: params.cursor }),
  }
  const page = await parseApiResponse(
    client.trade.v1.info.history[':address'].$get(
      { param: { address: params.address }, query },
      { init: { signal: params.signal ?? null } },
    ),
  )
  // the route's type also admits its CSV answer (format=csv, not asked here)
  if (typeof page === 'string' || page instanceof Response)
    throw new TypeError('the history answered CSV where JSON was asked')
  return page
}

/** One item of an address's history, typed from the server's route definition. */
export type AddressHistoryItem = Awaited<ReturnType<typeof fetchAddressHistory>>['items'][number]

/** Where a trade stands in the server's one state model (`quoted` … `expired`). */
export type HistoryState = AddressHistoryItem['state']
