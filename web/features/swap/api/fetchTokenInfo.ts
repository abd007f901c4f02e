import { hc } from 'hono/client'
import type { AppType } from '../../../../server/app'
import {
  type ApiRequestParams,
  getBaseUrl,
  type HexAddress,
  readJson,
  type TokenRecord,
} from '../../../lib/api'

/**
 * The record of one listed token (`GET /trade/v1/info/token/{chainId}/{tokenAddress}`). Throws `ApiError`
 * with code `NOT_FOUND` (404) when the chain does not list `tokenAddress`, `UNSUPPORTED_CHAIN` for an unknown
 * chain.
 */
export async function fetchTokenInfo(
  params: ApiRequestParams & { chainId: number; tokenAddress: HexAddress },
): Promise<TokenRecord> {
  const client = hc<AppType>(getBaseUrl(params.baseUrl))
  const response = await client.trade.v1.info.token[':chainId'][':tokenAddress'].$get(
    { param: { chainId: String(params.chainId), tokenAddress: params.tokenAddress } },
    { init: { signal: params.signal ?? null } },
  )
  return readJson<TokenRecord>(response)
}
