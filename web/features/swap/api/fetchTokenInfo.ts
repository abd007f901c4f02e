import { type ApiRequestParams, createApiClient, type HexAddress, parseApiResponse } from '../../../lib/api'

/**
 * The record of one token (`GET /trade/v1/info/token/{chainId}/{tokenAddress}`): a listed one, or one the server
 * imports by address (tagged `unverified`). Throws `ApiError` with code `TOKEN_NOT_FOUND` (no ERC-20 there),
 * `NO_LIQUIDITY` (no deep enough pool), `TOKEN_TRANSFER_TAXED`, `TOO_MANY_IMPORTED_TOKENS`, `UNSUPPORTED_CHAIN`.
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
