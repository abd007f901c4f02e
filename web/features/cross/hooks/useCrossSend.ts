import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { encodeFunctionData, erc20Abi, type Hex, isAddress } from 'viem'
import { type FlowStep, sendAndConfirm } from '../../swap'
import { requireWalletSession, useWalletSessionContext } from '../../walletSession'
import type { CrossQuote } from '../api/fetchCrossQuotes'
import { fetchCrossSwap } from '../api/fetchCrossSwap'
import { checkExactOutSwap } from '../model/checkExactOutSwap'

/**
 * The EVM side of a reviewed cross-chain offer: on opening the review, its transaction (`swap/cross`) and
 * whether the token needs an approval first, so the review lists the steps before anything is signed; `send()`
 * then switches the wallet to `chainId`, approves when needed, sends the trade (`onSent` with its hash) and
 * tracks each step's state. Errors are kept in `error`.
 */
export function useCrossSend(params: {
  chainId: number
  offer: CrossQuote
  fromAddress: string
  exactOut: boolean
  onSent: (hash: Hex) => void
}) {
  const { chainId, offer, fromAddress } = params
  const { session } = useWalletSessionContext()
  const account = session?.address
  const prepared = useQuery({
    queryKey: ['crossPrepared', offer.transactionData, account],
    queryFn: async () => {
      const wallet = requireWalletSession(session)
      if (account === undefined) throw new Error('no account')
      const swap = await fetchCrossSwap({ quote: offer, account })
      if (swap.to === undefined || typeof swap.data !== 'string')
        throw new Error('The answer has no EVM transaction')
      if (params.exactOut) checkExactOutSwap(swap, BigInt(offer.dstTrade.toTokenAmount))
      const spender = swap.approvalAddress
      const amountIn = BigInt(offer.tradeParams.amount)
      const needsApproval =
        spender !== undefined && isAddress(spender) && isAddress(fromAddress)
          ? (await wallet.kit.readContract(wallet.config, {
              address: fromAddress,
              abi: erc20Abi,
              functionName: 'allowance',
              args: [account, spender],
              chainId,
            })) < amountIn
          : false
      return { to: swap.to, data: swap.data, value: BigInt(swap.nativeValue ?? '0'), spender, needsApproval }
    },
    enabled: account !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  const [steps, setSteps] = useState<FlowStep[] | undefined>()
  const [error, setError] = useState<unknown>()
  const shown: FlowStep[] = steps ?? [
    ...(prepared.data?.needsApproval === true ? [{ kind: 'approve' as const, state: 'to-do' as const }] : []),
    { kind: 'swap', state: 'to-do' },
  ]
  const busy = shown.some((s) => s.state === 'wallet' || s.state === 'pending' || s.state === 'preparing')

  const send = async () => {
    const tx = prepared.data
    if (tx === undefined) return
    setError(undefined)
    const current = [...shown].map((s) =>
      s.state === 'done' ? s : { kind: s.kind, state: 'to-do' as const },
    )
    const update = (index: number, step: FlowStep) => {
      current[index] = step
      setSteps([...current])
    }
    let index = 0
    try {
      const wallet = requireWalletSession(session)
      if (session?.chainId !== chainId) await wallet.switchChainAsync(chainId)
      for (index = 0; index < current.length; index++) {
        const step = current[index]
        if (step === undefined || step.state === 'done') continue
        update(index, { kind: step.kind, state: 'wallet' })
        const request =
          step.kind === 'swap' || tx.spender === undefined || !isAddress(tx.spender)
            ? { to: tx.to, data: tx.data, value: tx.value }
            : {
                to: fromAddress,
                data: encodeFunctionData({
                  abi: erc20Abi,
                  functionName: 'approve',
                  args: [tx.spender, BigInt(offer.tradeParams.amount)],
                }),
              }
        let hash: Hex | undefined
        await sendAndConfirm({
          wallet,
          chainId,
          request,
          onSent: (sent) => {
            hash = sent
            update(index, { kind: step.kind, state: 'pending', hash: sent })
            if (step.kind === 'swap') params.onSent(sent)
          },
        })
        update(
          index,
          hash === undefined ? { kind: step.kind, state: 'done' } : { kind: step.kind, state: 'done', hash },
        )
      }
    } catch (caught: unknown) {
      const step = current[index]
      if (step !== undefined) update(index, { ...step, state: 'failed' })
      setError(caught)
    }
  }
  return { prepared, steps: shown, busy, send, error }
}
