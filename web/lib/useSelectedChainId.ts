import { useCallback, useState } from 'react'
import type { ChainRecord } from './api'
import { getSafeLocalStorage } from './storage'
import { parseSwapSearchParams } from './swapSearchParams'

const storageKey = 'swapkit.chainId'

/**
 * The chain the user is looking at: the deep link's `?chain=` when served, else the one persisted in safe
 * localStorage; falls back to the first chain when the
 * stored id is not (or no longer) served. `chains` must not be empty.
 */
export function useSelectedChainId(chains: readonly ChainRecord[]): [number, (chainId: number) => void] {
  const [chainId, setChainIdState] = useState<number>(() => {
    const linked = parseSwapSearchParams(window.location.search).chainId
    if (chains.some((c) => c.chainId === linked)) return linked ?? 0
    const stored = Number(getSafeLocalStorage().getItem(storageKey))
    return chains.some((c) => c.chainId === stored) ? stored : (chains[0]?.chainId ?? 0)
  })
  const setChainId = useCallback(
    (next: number) => {
      if (!chains.some((c) => c.chainId === next)) return
      getSafeLocalStorage().setItem(storageKey, String(next))
      setChainIdState(next)
    },
    [chains],
  )
  return [chainId, setChainId]
}
