import { type ApiRequestParams, createApiClient, type HexAddress, parseApiResponse } from '../../../lib/api'

/**
 * The record of one listed token (`GET /trade/v1/info/token/{chainId}/{tokenAddress}`). Throws `ApiError`
 * with code `NOT_FOUND` (404) when the chain does not list `tokenAddress`, `UNSUPPORTED_CHAIN` for an unknown
 * chain.
 */
export async function fetchTokenInfo(
  params: ApiRequestParams & { chainId: number; tokenAddress: HexAddress },
) {
  const client = createApiClient(params.baseUrl)
  return parseApiResponse(
    client.trade.v1.info.token[':chainId'][':tokenAddress'].$get(
      { param: { chainId: String(params.chainId), tokenAddress: params.tokenAddress } },
      { init: { signal: params.signal ?? null } },
    ),
  )
}
