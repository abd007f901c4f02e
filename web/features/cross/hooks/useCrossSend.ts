import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type Hex, isAddress } from 'viem'
import { getFlowSteps, type SwapProgress, sendAndConfirm, useApproval } from '../../swap'
import { requireWalletSession, useWalletSessionContext } from '../../walletSession'
import type { CrossQuote } from '../api/crossQuote'
import { crossTransactionQueryOptions } from '../api/crossTransactionQueryOptions'
import type { CrossToken } from '../model/CrossToken'

/**
 * The EVM side of a reviewed cross-chain offer: on opening the review, its transaction (`swap/cross`) and
 * whether the token needs an approval of the provider's contract first (the swap feature's `useApproval`, exact
 * amount, kept out of the history), so the review lists the steps before anything is signed; `send()` then
 * switches the wallet to `chainId`, approves when needed, sends the trade (`onSent` with its hash) and tracks
 * each step's state. Errors are kept in `error`.
 */
export function useCrossSend(params: {
  chainId: number
  offer: CrossQuote
  from: CrossToken
  exactOut: boolean
  onSent: (hash: Hex) => void
}) {
  const { chainId, offer, from } = params
  const { session } = useWalletSessionContext()
  const account = session?.address
  const prepared = useQuery({
    ...crossTransactionQueryOptions({ offer, account: account ?? '', exactOut: params.exactOut }),
    enabled: account !== undefined,
  })
  const spender = prepared.data?.spender
  const approvable = spender !== undefined && isAddress(spender) && isAddress(from.address)
  const approval = useApproval({
    chainId,
    token: approvable ? { ...from, isNative: false } : undefined,
    owner: account,
    requiredAmount: BigInt(offer.tradeParams.amount),
    unlimited: false,
    previewEnabled: true,
    spender: approvable ? spender : undefined,
    recordHistory: false,
  })
  const [swap, setSwap] = useState<SwapProgress>({ phase: 'idle' })
  const [error, setError] = useState<unknown>()
  const steps = getFlowSteps({
    previewSteps: approval.needsApproval ? approval.steps : undefined,
    approval: approval.progress,
    swap,
  })
  const busy = steps.some((s) => s.state === 'wallet' || s.state === 'pending' || s.state === 'preparing')
  const approvalError = approval.progress.phase === 'failed' ? approval.progress.error : undefined

  const send = async () => {
    const tx = prepared.data
    if (tx === undefined) return
    setError(undefined)
    let hash: Hex | undefined
    try {
      const wallet = requireWalletSession(session)
      if (session?.chainId !== chainId) await wallet.switchChainAsync(chainId)
      if (approval.needsApproval && !(await approval.approve())) return
      setSwap({ phase: 'wallet' })
      await sendAndConfirm({
        wallet,
        chainId,
        request: { to: tx.to, data: tx.data, value: tx.value },
        onSent: (sent) => {
          hash = sent
          setSwap({ phase: 'pending', hash: sent })
          params.onSent(sent)
        },
      })
      if (hash !== undefined) setSwap({ phase: 'confirmed', hash, received: undefined })
    } catch (caught: unknown) {
      setSwap(
        hash === undefined ? { phase: 'failed', error: caught } : { phase: 'failed', error: caught, hash },
      )
      setError(caught)
    }
  }
  return {
    /** The transaction and the allowance are still being read. */
    isPreparing: prepared.isPending || approval.isLoading,
    isReady: prepared.data !== undefined && !approval.isLoading && approval.allowanceError === null,
    needsApproval: approval.needsApproval && approval.progress.phase !== 'done',
    steps,
    busy,
    send,
    error: error ?? approvalError ?? prepared.error ?? approval.allowanceError ?? undefined,
  }
}
