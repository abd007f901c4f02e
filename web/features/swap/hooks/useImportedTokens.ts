import { useCallback, useState } from 'react'
import type { TokenRecord } from '../../../lib/api'
import { getSafeLocalStorage } from '../../../lib/storage'
import { readImportedTokens } from '../model/readImportedTokens'
import { rememberImportedToken } from '../model/rememberImportedToken'

/**
 * The tokens the user imported by address on `chainId` (remembered in safe localStorage, in memory only where the
 * browser refuses it, as in a cross-site iframe), and `importToken` to remember one more after the user confirmed.
 */
export function useImportedTokens(chainId: number) {
  const [state, setState] = useState(() => ({
    chainId,
    tokens: readImportedTokens(getSafeLocalStorage(), chainId),
  }))
  const imported =
    state.chainId === chainId ? state.tokens : readImportedTokens(getSafeLocalStorage(), chainId)
  const importToken = useCallback((token: TokenRecord) => {
    setState({ chainId: token.chainId, tokens: rememberImportedToken(getSafeLocalStorage(), token) })
  }, [])
  return { imported, importToken }
}
