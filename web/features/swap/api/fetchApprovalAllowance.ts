import { hc } from 'hono/client'
import type { AppType } from '../../../../server/app'
import { type ApiRequestParams, getBaseUrl, type HexAddress, readJson } from '../../../lib/api'

/**
 * How much of `tokenAddress` the aggregator may spend from `walletAddress`, in base units, as the server reads
 * it on chain (`GET /trade/v1/{chainId}/approval/allowance`). Throws `ApiError` (`UNSUPPORTED_TOKEN`,
 * `INVALID_PARAMS` for the native coin, `UPSTREAM_UNAVAILABLE`).
 */
export async function fetchApprovalAllowance(
  params: ApiRequestParams & { chainId: number; tokenAddress: HexAddress; walletAddress: HexAddress },
): Promise<bigint> {
  const client = hc<AppType>(getBaseUrl(params.baseUrl))
  const response = await client.trade.v1[':chainId'].approval.allowance.$get(
    {
      param: { chainId: String(params.chainId) },
      query: { tokenAddress: params.tokenAddress, walletAddress: params.walletAddress },
    },
    { init: { signal: params.signal ?? null } },
  )
  const body = await readJson<{ allowance: string }>(response)
  return BigInt(body.allowance)
}
