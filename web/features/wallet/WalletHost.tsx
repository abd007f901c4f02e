import { useConnectModal } from '@rainbow-me/rainbowkit'
import { useEffect, useMemo, useState } from 'react'
import { createPortal } from 'react-dom'
import { useAccount, useConfig, useConnect, useSwitchChain } from 'wagmi'
import type { EvmChainRecord, HexAddress } from '../../lib/api'
import type { SafeStorage } from '../../lib/storage'
import type { BridgedProvider } from '../../lib/widget/createBridgedProvider'
import { hasWalletConnectedBefore, type WalletHostProps, type WalletSession } from '../walletSession'
import { buildWagmiConfig } from './buildWagmiConfig'
import { ConnectWalletButton } from './ConnectWalletButton'
import { hostWallet, hostWalletId } from './hostWallet'
import { NoWalletExtensionNote, NoWalletExtensionNoteWithoutDevnet } from './NoWalletExtensionNote'
import { WalletProviders } from './WalletProviders'
import { walletKit } from './walletKit'

export interface WalletHostSettings {
  /** The EVM chains of the list (the wallet family wagmi serves). */
  chains: readonly EvmChainRecord[]
  /** True when any chain of the whole list is a devnet (the devnet wallet is offered). */
  hasDevnet: boolean
  appName: string
  walletConnectProjectId: string | undefined
  resolvedTheme: 'light' | 'dark'
  storage: SafeStorage
  fundDevnetAccount: (address: HexAddress) => Promise<unknown>
  /** The widget host's wallet: then the only wallet offered, connected by itself. */
  hostProvider: BridgedProvider | undefined
}

/**
 * The wallet module's root (loaded on demand): builds the wagmi config once, mounts wagmi and RainbowKit beside
 * the app, publishes the session, fills every connect slot with RainbowKit's account button and, with the
 * widget host's wallet, connects it by itself.
 */
export function WalletHost({ onSession, slots, ...settings }: WalletHostProps & WalletHostSettings) {
  const [hasInjectedProvider] = useState(() => 'ethereum' in window && window.ethereum !== undefined)
  const [disclaimer] = useState(() =>
    hasInjectedProvider
      ? undefined
      : settings.hasDevnet
        ? NoWalletExtensionNote
        : NoWalletExtensionNoteWithoutDevnet,
  )
  // Reconnecting runs only for a wallet connected before. Loaded by a click on Connect, wagmi must not also
  // reconnect: its reconnect (finding no connection) could end after the user's connect began and reset it.
  const [reconnectOnMount] = useState(() => hasWalletConnectedBefore(settings.storage))
  const [config] = useState(() =>
    buildWagmiConfig({
      chains: settings.chains,
      origin: window.location.origin,
      appName: settings.appName,
      walletConnectProjectId: settings.walletConnectProjectId,
      storage: settings.storage,
      fundDevnetAccount: settings.fundDevnetAccount,
      hasInjectedProvider: () => hasInjectedProvider,
      wallets:
        settings.hostProvider === undefined
          ? undefined
          : [{ groupName: 'Host', wallets: [hostWallet(settings.hostProvider)] }],
    }),
  )
  return (
    <WalletProviders
      config={config}
      reconnectOnMount={reconnectOnMount}
      theme={settings.resolvedTheme}
      appName={settings.appName}
      disclaimer={disclaimer}
    >
      <WalletBridge onSession={onSession} />
      {settings.hostProvider !== undefined && <HostWalletAutoConnect />}
      {[...slots].map(([id, element]) => createPortal(<ConnectWalletButton />, element, id))}
    </WalletProviders>
  )
}

function WalletBridge({ onSession }: Pick<WalletHostProps, 'onSession'>) {
  const config = useConfig()
  const { address, chainId, isConnected } = useAccount()
  const { switchChain, switchChainAsync, isPending, error, reset } = useSwitchChain()
  const { openConnectModal } = useConnectModal()
  const session = useMemo<WalletSession>(
    () => ({
      address,
      chainId,
      isConnected,
      config,
      kit: walletKit,
      switchChain: (id, onSuccess) =>
        switchChain({ chainId: id }, onSuccess === undefined ? undefined : { onSuccess }),
      switchChainAsync: async (id) => {
        await switchChainAsync({ chainId: id })
      },
      switching: isPending,
      switchError: error,
      resetSwitch: reset,
      openConnectModal,
    }),
    [
      address,
      chainId,
      isConnected,
      config,
      switchChain,
      switchChainAsync,
      isPending,
      error,
      reset,
      openConnectModal,
    ],
  )
  useEffect(() => onSession(session), [onSession, session])
  useEffect(() => () => onSession(undefined), [onSession])
  return null
}

function HostWalletAutoConnect() {
  const { isConnected } = useAccount()
  const { connect, connectors } = useConnect()
  useEffect(() => {
    if (isConnected) return
    const connector = connectors.find((c) => c.id === hostWalletId)
    if (connector !== undefined) connect({ connector })
  }, [isConnected, connectors, connect])
  return null
}
