import { hc } from 'hono/client'
import type { AppType } from '../../../../server/app'
import { type ApiRequestParams, getBaseUrl, type HexAddress, readJson } from '../../../lib/api'

/** One transaction of an approval, as the server builds it: send `data` to the token `to` with no value. */
export interface ApprovalStep {
  /** `reset` sets a non-zero allowance to 0 first (USDT-style tokens); `approve` sets the wanted amount. */
  kind: 'reset' | 'approve'
  to: HexAddress
  data: `0x${string}`
  value: '0'
  /** Allowance this step leaves, base units (decimal string). */
  amount: string
}

/** Answer of `GET approval/transaction` (amounts are decimal strings of base units). */
export interface ApprovalTransaction {
  steps: ApprovalStep[]
  resetRequired: boolean
  /** Current allowance. */
  allowance: string
  /** The aggregator. */
  spender: HexAddress
  /** Allowance left after every step. */
  amount: string
}

/**
 * The approval transactions that let the aggregator spend `amount` base units of `tokenAddress` from
 * `walletAddress` (unlimited when `amount` is undefined), reset step first when the token needs it
 * (`GET /trade/v1/{chainId}/approval/transaction`). Throws `ApiError` (`UNSUPPORTED_TOKEN`, `INVALID_PARAMS`,
 * `UPSTREAM_UNAVAILABLE`).
 */
export async function fetchApprovalTransaction(
  params: ApiRequestParams & {
    chainId: number
    tokenAddress: HexAddress
    walletAddress: HexAddress
    amount: bigint | undefined
  },
): Promise<ApprovalTransaction> {
  const client = hc<AppType>(getBaseUrl(params.baseUrl))
  const query = { tokenAddress: params.tokenAddress, walletAddress: params.walletAddress }
  const response = await client.trade.v1[':chainId'].approval.transaction.$get(
    {
      param: { chainId: String(params.chainId) },
      query: params.amount === undefined ? query : { ...query, amount: params.amount.toString() },
    },
    { init: { signal: params.signal ?? null } },
  )
  return readJson<ApprovalTransaction>(response)
}
