import { createContext } from 'react'
import type { Config } from 'wagmi'
import type { HexAddress } from '../../lib/api'
import type { WalletKit } from '../wallet'

/**
 * The connected wallet as the app reads it, published by the wallet module once it is loaded: the account, the
 * wagmi config and the wallet actions (`kit`) to run with it, chain switching and RainbowKit's connect modal.
 */
export interface WalletSession {
  address: HexAddress | undefined
  chainId: number | undefined
  isConnected: boolean
  config: Config
  kit: WalletKit
  /** Asks the wallet to switch; a failure lands in `switchError`. */
  switchChain: (chainId: number, onSuccess?: () => void) => void
  /** Asks the wallet to switch; rejects when it does not. */
  switchChainAsync: (chainId: number) => Promise<void>
  switching: boolean
  switchError: Error | null
  resetSwitch: () => void
  /** RainbowKit's connect modal; undefined while a wallet is connected or connecting. */
  openConnectModal: (() => void) | undefined
}

export interface WalletSessionContextValue {
  /** Undefined until the wallet module is loaded and mounted. */
  session: WalletSession | undefined
  /** True while the wallet module downloads (after `requestConnect` or at start for a returning wallet). */
  loading: boolean
  /** True when the last attempt to download the wallet module failed (`requestConnect` tries again). */
  loadFailed: boolean
  /** Loads the wallet module when needed, then opens the connect modal. */
  requestConnect: () => void
  /** Registers an element the wallet module fills with its account button (null: unregisters). */
  setConnectSlot: (id: string, element: HTMLElement | null) => void
}

/** The wallet session context; its default (no provider) has no wallet and connects nothing. */
export const WalletSessionContext = createContext<WalletSessionContextValue>({
  session: undefined,
  loading: false,
  loadFailed: false,
  requestConnect: () => {},
  setConnectSlot: () => {},
})
