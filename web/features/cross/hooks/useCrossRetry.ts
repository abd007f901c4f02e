import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Hex } from 'viem'
import { sendAndConfirm } from '../../swap'
import { requireWalletSession, useWalletSessionContext } from '../../walletSession'
import { crossRetryQueryOptions } from '../api/crossRetryQueryOptions'

/** Where a retry of a failed delivery stands. */
export type CrossRetryProgress =
  | { phase: 'idle' }
  | { phase: 'wallet' }
  | { phase: 'pending'; hash: Hex }
  | { phase: 'confirmed'; hash: Hex }
  | { phase: 'failed'; error: unknown; hash?: Hex }

/**
 * The "Retry delivery" of a trade whose delivery failed on the destination (`enabled` while `info/tx` says so):
 * reads its retry transaction (`crossRetryQueryOptions`), and `retry()` switches the wallet to that chain, sends it
 * with the gas the server gave and waits for it, then asks `info/tx` again so the progress view follows the trade
 * to delivered. Errors are kept in `progress`.
 */
export function useCrossRetry(params: { txHash: string; enabled: boolean }) {
  const { session } = useWalletSessionContext()
  const queryClient = useQueryClient()
  const prepared = useQuery({ ...crossRetryQueryOptions(params.txHash), enabled: params.enabled })
  const [progress, setProgress] = useState<CrossRetryProgress>({ phase: 'idle' })

  const retry = async () => {
    const tx = prepared.data
    if (tx === undefined) return
    let hash: Hex | undefined
    try {
      const wallet = requireWalletSession(session)
      setProgress({ phase: 'wallet' })
      if (session?.chainId !== tx.chainId) await wallet.switchChainAsync(tx.chainId)
      await sendAndConfirm({
        wallet,
        chainId: tx.chainId,
        request: { to: tx.to, data: tx.data, value: tx.value, gas: tx.gas },
        onSent: (sent) => {
          hash = sent
          setProgress({ phase: 'pending', hash: sent })
        },
      })
      if (hash !== undefined) setProgress({ phase: 'confirmed', hash })
      await queryClient.invalidateQueries({ queryKey: ['crossTx', params.txHash] })
    } catch (caught: unknown) {
      setProgress(
        hash === undefined ? { phase: 'failed', error: caught } : { phase: 'failed', error: caught, hash },
      )
      // what waits may have changed (someone else delivered it): read it again
      await queryClient.invalidateQueries({ queryKey: ['crossRetry', params.txHash] })
    }
  }

  return {
    /** The retry transaction is known: the button may send it. */
    ready: prepared.data !== undefined,
    /** Why the retry transaction could not be read, if it could not. */
    loadError: prepared.error ?? undefined,
    connected: session !== undefined,
    progress,
    retry,
  }
}
