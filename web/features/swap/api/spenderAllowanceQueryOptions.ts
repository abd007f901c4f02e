import { queryOptions } from '@tanstack/react-query'
import type { Address } from 'viem'
import { requireWalletSession, type WalletSession } from '../../walletSession'
import { fetchSpenderAllowance } from './fetchSpenderAllowance'

/**
 * Query options for `spender`'s allowance on `tokenAddress` from `walletAddress`, read through the wallet
 * (`fetchSpenderAllowance`), keyed on all four; fails with `WRONG_NETWORK` while no wallet session is loaded.
 */
export function spenderAllowanceQueryOptions(params: {
  session: WalletSession | undefined
  chainId: number
  tokenAddress: string
  walletAddress: Address
  spender: Address
}) {
  const { session, ...read } = params
  return queryOptions({
    queryKey: [
      'spenderAllowance',
      read.chainId,
      read.tokenAddress,
      read.walletAddress,
      read.spender,
    ] as const,
    queryFn: () => fetchSpenderAllowance({ ...read, wallet: requireWalletSession(session) }),
    staleTime: 10_000,
  })
}
