import { type ReactNode, useState } from 'react'
import { useAccount, useSwitchChain } from 'wagmi'
import { ChainSelector } from './components/ChainSelector'
import { Header } from './components/Header'
import { BalancesPanel } from './features/balances'
import { HistoryPanel } from './features/history'
import { SwapCard } from './features/swap'
import { buildWagmiConfig, ConnectWalletButton, WalletProviders } from './features/wallet'
import { type ChainRecord, requestFaucet } from './lib/api'
import { getErrorMessage } from './lib/getErrorMessage'
import { getSafeLocalStorage } from './lib/storage'
import { useSelectedChainId } from './lib/useSelectedChainId'

export interface ConnectedAppProps {
  chains: readonly ChainRecord[]
  appName: string
  walletConnectProjectId: string | undefined
  resolvedTheme: 'light' | 'dark'
  themeToggle: ReactNode
}

/**
 * Everything that needs wallet code (wagmi, RainbowKit, viem): loaded through a dynamic import so the first
 * paint does not wait for it. Builds the wagmi config once from the chain list.
 */
export function ConnectedApp({
  chains,
  appName,
  walletConnectProjectId,
  resolvedTheme,
  themeToggle,
}: ConnectedAppProps) {
  const [config] = useState(() =>
    buildWagmiConfig({
      chains,
      origin: window.location.origin,
      appName,
      walletConnectProjectId,
      storage: getSafeLocalStorage(),
      fundDevnetAccount: (address) => requestFaucet({ address }),
    }),
  )
  return (
    <WalletProviders config={config} theme={resolvedTheme} appName={appName}>
      <Shell chains={chains} appName={appName} themeToggle={themeToggle} />
    </WalletProviders>
  )
}

function Shell({
  chains,
  appName,
  themeToggle,
}: {
  chains: readonly ChainRecord[]
  appName: string
  themeToggle: ReactNode
}) {
  const [chainId, setChainId] = useSelectedChainId(chains)
  const { chainId: walletChainId, isConnected } = useAccount()
  const { switchChain, error: switchError, reset: resetSwitch } = useSwitchChain()

  // The network is the user's choice in the app (selector or deep link), not the wallet's: when the wallet is
  // on another chain the swap card offers to switch it instead of silently changing what the user looks at.
  const onSelectChain = (next: number) => {
    setChainId(next)
    resetSwitch()
    if (isConnected && walletChainId !== next) switchChain({ chainId: next })
  }
  const chain = chains.find((c) => c.chainId === chainId) ?? chains[0]

  return (
    <>
      <Header
        appName={appName}
        chainSelector={<ChainSelector chains={chains} chainId={chainId} onChange={onSelectChain} />}
        themeToggle={themeToggle}
        connect={<ConnectWalletButton />}
      />
      {switchError !== null && (
        <p role="status" className="mx-auto max-w-5xl px-4 pt-4 text-sm text-danger">
          {getErrorMessage(switchError).message}
        </p>
      )}
      <main className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-4 px-4 py-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {chain !== undefined && <SwapCard key={chain.chainId} chain={chain} />}
        {chain !== undefined && <BalancesPanel chain={chain} />}
        <HistoryPanel chains={chains} />
      </main>
    </>
  )
}
