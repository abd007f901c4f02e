import { useCallback, useState } from 'react'
import type { ChainRecord } from './api'
import type { ChainSelection } from './ChainSelection'
import { getInitialChainSelection } from './getInitialChainSelection'
import { selectChain } from './selectChain'
import { getSafeLocalStorage } from './storage'
import { parseSwapSearchParams } from './swapSearchParams'

const storageKey = 'tributary.chainId'

/**
 * The source and destination chains the user looks at: from the deep link (`?chain=`, `?toChain=`) when
 * served, else the source persisted in safe localStorage, else the first chain (see
 * `getInitialChainSelection`); changes go through `selectChain`, and the source is persisted. `chains` must
 * not be empty.
 */
export function useChainSelection(chains: readonly ChainRecord[]): {
  selection: ChainSelection
  select: (side: 'source' | 'destination', chainId: number) => void
} {
  const [selection, setSelection] = useState<ChainSelection>(() => {
    const link = parseSwapSearchParams(window.location.search)
    const stored = Number(getSafeLocalStorage().getItem(storageKey))
    const first = chains[0]?.chainId ?? 0
    return (
      getInitialChainSelection({
        chains,
        linkedChainId: link.chainId,
        linkedToChainId: link.toChainId,
        storedChainId: Number.isSafeInteger(stored) ? stored : undefined,
      }) ?? { sourceChainId: first, destinationChainId: first }
    )
  })
  const select = useCallback(
    (side: 'source' | 'destination', chainId: number) =>
      setSelection((current) => {
        const next = selectChain({ selection: current, side, chainId, chains })
        if (next.sourceChainId !== current.sourceChainId)
          getSafeLocalStorage().setItem(storageKey, String(next.sourceChainId))
        return next
      }),
    [chains],
  )
  return { selection, select }
}
