import { type ApiRequestParams, createApiClient, parseApiResponse } from '../../../lib/api'

/**
 * Tokens of `chainId` matching `query` (symbol, name or address), ranked by the server, at most `limit`
 * (`GET /trade/v1/info/token/search`). Throws `ApiError` (`UNSUPPORTED_CHAIN`, `INVALID_PARAMS`, ...).
 */
export async function fetchTokenSearch(
  params: ApiRequestParams & { chainId: number; query: string; limit: number },
) {
  const client = createApiClient(params.baseUrl)
  return parseApiResponse(
    client.trade.v1.info.token.search.$get(
      { query: { query: params.query, chainId: String(params.chainId), limit: String(params.limit) } },
      { init: { signal: params.signal ?? null } },
    ),
  )
}
