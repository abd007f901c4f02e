import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useConfig } from 'wagmi'
import type { HexAddress, TokenRecord } from '../../../lib/api'
import { approvalAllowanceQueryOptions } from '../api/approvalAllowanceQueryOptions'
import { type ApprovalStep, fetchApprovalTransaction } from '../api/fetchApprovalTransaction'
import { isApprovalNeeded } from '../model/isApprovalNeeded'
import { sendAndConfirm } from './sendAndConfirm'

export type ApprovalProgress =
  | { phase: 'idle' }
  | { phase: 'preparing' }
  | {
      phase: 'wallet' | 'pending'
      steps: readonly ApprovalStep[]
      /** Index in `steps` of the transaction in flight. */
      index: number
      hash?: `0x${string}`
    }
  | { phase: 'failed'; error: unknown }

const zero = '0x0000000000000000000000000000000000000000'

/**
 * The approval a sale of `requiredAmount` base units of `token` needs, all from the server: the current
 * allowance (`approval/allowance`), a preview of the steps (`approval/transaction`: a reset to 0 first for
 * USDT-style tokens) once `previewEnabled`, and `approve(unlimited)` that asks the server for fresh steps (exact
 * amount or unlimited) and sends them in order with progress per step, then re-reads the allowance. The native
 * coin needs none.
 */
export function useApproval(params: {
  chainId: number
  token: TokenRecord | undefined
  owner: HexAddress | undefined
  requiredAmount: bigint | undefined
  unlimited: boolean
  previewEnabled: boolean
}) {
  const { chainId, token, owner, requiredAmount, unlimited } = params
  const config = useConfig()
  const queryClient = useQueryClient()
  const isNative = token === undefined || token.isNative
  const enabled = !isNative && owner !== undefined
  const allowanceOptions = approvalAllowanceQueryOptions({
    chainId,
    tokenAddress: token?.address ?? zero,
    walletAddress: owner ?? zero,
  })
  const allowance = useQuery({ ...allowanceOptions, enabled })
  const needed = isApprovalNeeded({ isNative, allowance: allowance.data, requiredAmount })
  const requestAmount = unlimited ? undefined : requiredAmount
  const preview = useQuery({
    queryKey: [
      'approvalTransaction',
      chainId,
      token?.address,
      owner,
      requestAmount?.toString() ?? 'unlimited',
      allowance.data?.toString(),
    ],
    queryFn: ({ signal }) =>
      fetchApprovalTransaction({
        chainId,
        tokenAddress: token?.address ?? zero,
        walletAddress: owner ?? zero,
        amount: requestAmount,
        signal,
      }),
    enabled: enabled && needed === true && params.previewEnabled,
    staleTime: 10_000,
  })
  const [progress, setProgress] = useState<ApprovalProgress>({ phase: 'idle' })

  const approve = async () => {
    if (token === undefined || owner === undefined || requiredAmount === undefined) return
    try {
      setProgress({ phase: 'preparing' })
      const { steps } = await fetchApprovalTransaction({
        chainId,
        tokenAddress: token.address,
        walletAddress: owner,
        amount: requestAmount,
      })
      for (const [index, step] of steps.entries()) {
        setProgress({ phase: 'wallet', steps, index })
        await sendAndConfirm({
          config,
          chainId,
          request: { to: step.to, data: step.data, value: BigInt(step.value) },
          onSent: (hash) => setProgress({ phase: 'pending', steps, index, hash }),
        })
      }
      await queryClient.invalidateQueries({ queryKey: allowanceOptions.queryKey })
      setProgress({ phase: 'idle' })
    } catch (error: unknown) {
      await queryClient.invalidateQueries({ queryKey: allowanceOptions.queryKey })
      setProgress({ phase: 'failed', error })
    }
  }

  return {
    isNative,
    isLoading: enabled && allowance.isPending,
    allowance: allowance.data,
    needsApproval: needed === true,
    /** The steps the server would send now (undefined until the preview loads). */
    steps: preview.data?.steps,
    progress,
    approve,
    resetProgress: () => setProgress({ phase: 'idle' }),
  }
}
