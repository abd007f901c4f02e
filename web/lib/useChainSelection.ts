import { useCallback, useEffect, useState } from 'react'
import type { ChainRecord } from './api'
import type { ChainSelection } from './ChainSelection'
import { getInitialChainSelection } from './getInitialChainSelection'
import { selectChain } from './selectChain'
import { getSafeLocalStorage } from './storage'
import { parseSwapSearchParams } from './swapSearchParams'

const storageKey = 'tributary.chainId'
const toStorageKey = 'tributary.toChainId'

const readStoredId = (key: string) => {
  const text = getSafeLocalStorage().getItem(key)
  const id = Number(text)
  return text !== null && text !== '' && Number.isSafeInteger(id) ? id : undefined
}

/**
 * The source and destination chains the user looks at: from the deep link (`?chain=`, `?toChain=`) when
 * served, else the pair persisted in safe localStorage, else the first chain (see
 * `getInitialChainSelection`); changes go through `selectChain`, and both chains are persisted (a page opened
 * without a link, `/history` or a reload, keeps the pair). `chains` must not be empty.
 */
export function useChainSelection(chains: readonly ChainRecord[]): {
  selection: ChainSelection
  select: (side: 'source' | 'destination', chainId: number) => void
} {
  const [selection, setSelection] = useState<ChainSelection>(() => {
    const link = parseSwapSearchParams(window.location.search)
    const first = chains[0]?.chainId ?? 0
    return (
      getInitialChainSelection({
        chains,
        linkedChainId: link.chainId,
        linkedToChainId: link.toChainId,
        storedChainId: readStoredId(storageKey),
        storedToChainId: readStoredId(toStorageKey),
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
  // the destination is kept whatever set it (a pick, a deep link), so the pair outlives the page it was chosen on
  useEffect(() => {
    getSafeLocalStorage().setItem(toStorageKey, String(selection.destinationChainId))
  }, [selection.destinationChainId])
  return { selection, select }
}
