import { type ApiRequestParams, createApiClient, type HexAddress, parseApiResponse } from '../../../lib/api'

/**
 * How much of `tokenAddress` the aggregator may spend from `walletAddress`, in base units, as the server reads
 * it on chain (`GET /trade/v1/{chainId}/approval/allowance`). Throws `ApiError` (`UNSUPPORTED_TOKEN`,
 * `INVALID_PARAMS` for the native coin, `UPSTREAM_UNAVAILABLE`).
 */
export async function fetchApprovalAllowance(
  params: ApiRequestParams & { chainId: number; tokenAddress: string; walletAddress: HexAddress },
): Promise<bigint> {
  const client = createApiClient(params.baseUrl)
  const body = await parseApiResponse(
    client.trade.v1[':chainId'].approval.allowance.$get(
      {
        param: { chainId: String(params.chainId) },
        query: { tokenAddress: params.tokenAddress, walletAddress: params.walletAddress },
      },
      { init: { signal: params.signal ?? null } },
    ),
  )
  return BigInt(body.allowance)
}
