import { type ApiRequestParams, createApiClient, type HexAddress, parseApiResponse } from '../../../lib/api'

/**
 * The approval transactions that let the aggregator spend `amount` base units of `tokenAddress` from
 * `walletAddress` (unlimited when `amount` is undefined), reset step first when the token needs it
 * (`GET /trade/v1/{chainId}/approval/transaction`). Throws `ApiError` (`UNSUPPORTED_TOKEN`, `INVALID_PARAMS`,
 * `UPSTREAM_UNAVAILABLE`).
 */
export async function fetchApprovalTransaction(
  params: ApiRequestParams & {
    chainId: number
    tokenAddress: string
    walletAddress: HexAddress
    amount: bigint | undefined
  },
) {
  const client = createApiClient(params.baseUrl)
  const query = { tokenAddress: params.tokenAddress, walletAddress: params.walletAddress }
  return parseApiResponse(
    client.trade.v1[':chainId'].approval.transaction.$get(
      {
        param: { chainId: String(params.chainId) },
        query: params.amount === undefined ? query : { ...query, amount: params.amount.toString() },
      },
      { init: { signal: params.signal ?? null } },
    ),
  )
}

/** Answer of `GET approval/transaction`, typed from the server's route definition. */
export type ApprovalTransaction = Awaited<ReturnType<typeof fetchApprovalTransaction>>

/** One transaction of an approval (`reset` to 0 first for USDT-style tokens, then `approve`). */
export type ApprovalStep = ApprovalTransaction['steps'][number]
