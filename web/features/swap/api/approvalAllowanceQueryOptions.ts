import { queryOptions } from '@tanstack/react-query'
import type { HexAddress } from '../../../lib/api'
import { fetchApprovalAllowance } from './fetchApprovalAllowance'

/** Query options for the aggregator's allowance on `tokenAddress` from `walletAddress`, keyed on all three. */
export function approvalAllowanceQueryOptions(params: {
  chainId: number
  tokenAddress: string
  walletAddress: HexAddress
}) {
  return queryOptions({
    queryKey: ['approvalAllowance', params.chainId, params.tokenAddress, params.walletAddress] as const,
    queryFn: ({ signal }) => fetchApprovalAllowance({ ...params, signal }),
    staleTime: 10_000,
  })
}
