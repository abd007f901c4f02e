import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { encodeFunctionData, erc20Abi, isAddressEqual, maxUint256, zeroAddress } from 'viem'
import { useConfig, useReadContract } from 'wagmi'
import type { HexAddress, TokenRecord } from '../../../lib/api'
import { type ApprovalStep, getApprovalSteps } from '../model/getApprovalSteps'
import { sendAndConfirm } from './sendAndConfirm'

export type ApprovalProgress =
  | { phase: 'idle' }
  | { phase: 'wallet' | 'pending'; step: ApprovalStep; hash?: `0x${string}` }
  | { phase: 'failed'; error: unknown }

/**
 * Allowance of `owner` for `spender` (the aggregator) on `token`, the approval steps a sale of `requiredAmount`
 * needs (reset to 0 first for `approve-reset` tokens), and `approve(unlimited)` running them one after the
 * other with progress. Native coins need none.
 */
export function useApproval(params: {
  chainId: number
  token: TokenRecord | undefined
  owner: HexAddress | undefined
  spender: HexAddress
  requiredAmount: bigint | undefined
}) {
  const { chainId, token, owner, spender, requiredAmount } = params
  const config = useConfig()
  const queryClient = useQueryClient()
  const isNative = token === undefined || isAddressEqual(token.address, zeroAddress)
  const allowance = useReadContract({
    chainId,
    address: token?.address,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner ?? zeroAddress, spender],
    query: { enabled: !isNative && owner !== undefined },
  })
  const [progress, setProgress] = useState<ApprovalProgress>({ phase: 'idle' })
  const steps =
    allowance.data === undefined || requiredAmount === undefined || token === undefined
      ? []
      : getApprovalSteps({
          isNative,
          allowance: allowance.data,
          requiredAmount,
          requiresReset: token.tags.includes('approve-reset'),
        })

  const approve = async (unlimited: boolean) => {
    if (token === undefined || requiredAmount === undefined) return
    try {
      for (const step of steps) {
        setProgress({ phase: 'wallet', step })
        const amount = step === 'reset' ? 0n : unlimited ? maxUint256 : requiredAmount
        await sendAndConfirm({
          config,
          chainId,
          request: {
            to: token.address,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
          },
          onSent: (hash) => setProgress({ phase: 'pending', step, hash }),
        })
      }
      await allowance.refetch()
      await queryClient.invalidateQueries({ queryKey: allowance.queryKey })
      setProgress({ phase: 'idle' })
    } catch (error: unknown) {
      await allowance.refetch()
      setProgress({ phase: 'failed', error })
    }
  }

  return {
    isNative,
    isLoading: !isNative && owner !== undefined && allowance.isPending,
    allowance: allowance.data,
    steps,
    progress,
    approve,
    resetProgress: () => setProgress({ phase: 'idle' }),
  }
}
