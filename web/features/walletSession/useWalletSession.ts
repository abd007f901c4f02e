import { useContext } from 'react'
import type { HexAddress } from '../../lib/api'
import {
  type WalletSession,
  WalletSessionContext,
  type WalletSessionContextValue,
} from './WalletSessionContext'

/** The wallet session, or undefined while the wallet module is not loaded (nobody has connected yet). */
export function useWalletSession(): WalletSession | undefined {
  return useContext(WalletSessionContext).session
}

/** The whole wallet session context: the session plus `requestConnect` (load the wallet module, open its modal). */
export function useWalletSessionContext(): WalletSessionContextValue {
  return useContext(WalletSessionContext)
}

/** The connected account (address and chain), or a disconnected one while the wallet module is not loaded. */
export function useWalletAccount(): {
  address: HexAddress | undefined
  chainId: number | undefined
  isConnected: boolean
} {
  const session = useWalletSession()
  return {
    address: session?.address,
    chainId: session?.chainId,
    isConnected: session?.isConnected ?? false,
  }
}
