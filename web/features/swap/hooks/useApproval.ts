import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type Address, getAddress, type Hex, maxUint256 } from 'viem'
import type { HexAddress, TokenRecord } from '../../../lib/api'
import { useSwapHistory } from '../../history'
import { requireWalletSession, useWalletSession } from '../../walletSession'
import { approvalAllowanceQueryOptions } from '../api/approvalAllowanceQueryOptions'
import { type ApprovalStep, fetchApprovalTransaction } from '../api/fetchApprovalTransaction'
import { spenderAllowanceQueryOptions } from '../api/spenderAllowanceQueryOptions'
import { buildSpenderApprovalSteps } from '../model/buildSpenderApprovalSteps'
import { isApprovalNeeded } from '../model/isApprovalNeeded'
import { isRevert, sendAndConfirm } from './sendAndConfirm'

export type ApprovalProgress =
  | { phase: 'idle' }
  | { phase: 'preparing' }
  | {
      phase: 'wallet' | 'pending'
      steps: readonly ApprovalStep[]
      /** Index in `steps` of the transaction in flight. */
      index: number
      /** Hash of each step sent so far, by index. */
      hashes: readonly Hex[]
    }
  | { phase: 'done'; steps: readonly ApprovalStep[]; hashes: readonly Hex[] }
  | {
      phase: 'failed'
      error: unknown
      /** Present when the failure happened at a step (`index`) rather than while preparing. */
      steps?: readonly ApprovalStep[]
      index?: number
      hashes?: readonly Hex[]
    }

const zero = '0x0000000000000000000000000000000000000000'

/**
 * The approval a sale of `requiredAmount` base units of `token` needs, all from the server: the current
 * allowance (`approval/allowance`), a preview of the steps (`approval/transaction`: a reset to 0 first for
 * USDT-style tokens) once `previewEnabled`, and `approve(unlimited)` that asks the server for fresh steps (exact
 * amount or unlimited) and sends them in order with progress and hash per step, recording each in the history,
 * then re-reads the allowance. The native coin needs none. With `spender` (a cross-chain provider's contract, which
 * the server's routes do not serve) the allowance is read through the wallet and the one step built here.
 */
export function useApproval(params: {
  chainId: number
  token: Pick<TokenRecord, 'address' | 'symbol' | 'decimals' | 'isNative'> | undefined
  owner: HexAddress | undefined
  requiredAmount: bigint | undefined
  unlimited: boolean
  previewEnabled: boolean
  /** The contract to approve when not the aggregator. */
  spender?: Address | undefined
  /** Records each step in the swap history (default); the cross-chain flow lists only its trades there. */
  recordHistory?: boolean
}) {
  const { chainId, token, owner, requiredAmount, unlimited, spender } = params
  const recordHistory = params.recordHistory ?? true
  const session = useWalletSession()
  const queryClient = useQueryClient()
  const isNative = token === undefined || token.isNative
  const enabled = !isNative && owner !== undefined
  const read = { chainId, tokenAddress: token?.address ?? zero, walletAddress: owner ?? zero }
  const aggregatorOptions = approvalAllowanceQueryOptions(read)
  const spenderOptions = spenderAllowanceQueryOptions({ ...read, session, spender: spender ?? zero })
  const aggregatorAllowance = useQuery({ ...aggregatorOptions, enabled: enabled && spender === undefined })
  const spenderAllowance = useQuery({ ...spenderOptions, enabled: enabled && spender !== undefined })
  const allowance = spender === undefined ? aggregatorAllowance : spenderAllowance
  const allowanceKey = spender === undefined ? aggregatorOptions.queryKey : spenderOptions.queryKey
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
    enabled: enabled && needed === true && params.previewEnabled && spender === undefined,
    staleTime: 10_000,
  })
  const spenderSteps = (amount: bigint) =>
    spender === undefined || token === undefined
      ? undefined
      : buildSpenderApprovalSteps({
          tokenAddress: token.address,
          spender,
          amount: unlimited ? maxUint256 : amount,
        })
  const [progress, setProgress] = useState<ApprovalProgress>({ phase: 'idle' })
  const history = useSwapHistory(owner)

  /** Sends the approval steps in order; true once all are mined, false (progress `failed`) otherwise. */
  const approve = async (): Promise<boolean> => {
    if (token === undefined || owner === undefined || requiredAmount === undefined) return false
    let at: { steps: readonly ApprovalStep[]; index: number; hashes: Hex[] } | undefined
    try {
      const wallet = requireWalletSession(session)
      setProgress({ phase: 'preparing' })
      const steps =
        spenderSteps(requiredAmount) ??
        (
          await fetchApprovalTransaction({
            chainId,
            tokenAddress: token.address,
            walletAddress: owner,
            amount: requestAmount,
          })
        ).steps
      const hashes: Hex[] = []
      const tokenRef = { address: getAddress(token.address), symbol: token.symbol, decimals: token.decimals }
      for (const [index, step] of steps.entries()) {
        at = { steps, index, hashes }
        setProgress({ phase: 'wallet', steps, index, hashes: [...hashes] })
        await sendAndConfirm({
          wallet,
          chainId,
          request: { to: step.to, data: step.data, value: BigInt(step.value) },
          onSent: (hash) => {
            hashes[index] = hash
            setProgress({ phase: 'pending', steps, index, hashes: [...hashes] })
            if (recordHistory)
              history.upsert({
                chainId,
                hash,
                kind: step.kind === 'reset' ? 'reset' : 'approve',
                account: owner,
                from: tokenRef,
                to: tokenRef,
                amountIn: step.amount,
                quotedOut: step.amount,
                status: 'pending',
                createdAtMs: Date.now(),
              })
          },
        })
        const sent = hashes[index]
        if (sent !== undefined && recordHistory) history.upsert({ chainId, hash: sent, status: 'success' })
      }
      await queryClient.invalidateQueries({ queryKey: allowanceKey })
      setProgress({ phase: 'done', steps, hashes: [...hashes] })
      return true
    } catch (error: unknown) {
      const failedHash = at?.hashes[at.index]
      if (failedHash !== undefined && isRevert(error) && recordHistory)
        history.upsert({ chainId, hash: failedHash, status: 'failed' })
      await queryClient.invalidateQueries({ queryKey: allowanceKey })
      setProgress(
        at === undefined
          ? { phase: 'failed', error }
          : { phase: 'failed', error, steps: at.steps, index: at.index, hashes: [...at.hashes] },
      )
      return false
    }
  }

  return {
    isNative,
    isLoading: enabled && allowance.isPending,
    allowance: allowance.data,
    needsApproval: needed === true,
    /** The steps the server would send now (undefined until the preview loads). */
    steps:
      spender === undefined
        ? preview.data?.steps
        : needed === true && params.previewEnabled && requiredAmount !== undefined
          ? spenderSteps(requiredAmount)
          : undefined,
    /** The allowance could not be read (null or undefined otherwise). */
    allowanceError: allowance.error,
    progress,
    approve,
    resetProgress: () => setProgress({ phase: 'idle' }),
  }
}
