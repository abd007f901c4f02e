import { hc } from 'hono/client'
import type { AppType } from '../../../../server/app'
import { type ApiRequestParams, getBaseUrl, readJson, type TokenRecord } from '../../../lib/api'

/**
 * Tokens of `chainId` matching `query` (symbol, name or address), ranked by the server, at most `limit`
 * (`GET /trade/v1/info/token/search`). Throws `ApiError` (`UNSUPPORTED_CHAIN`, `INVALID_PARAMS`, ...).
 */
export async function fetchTokenSearch(
  params: ApiRequestParams & { chainId: number; query: string; limit: number },
): Promise<TokenRecord[]> {
  const client = hc<AppType>(getBaseUrl(params.baseUrl))
  const response = await client.trade.v1.info.token.search.$get(
    { query: { query: params.query, chainId: String(params.chainId), limit: String(params.limit) } },
    { init: { signal: params.signal ?? null } },
  )
  return readJson<TokenRecord[]>(response)
}
