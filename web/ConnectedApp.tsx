import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { ChainSelector } from './components/ChainSelector'
import { Header } from './components/Header'
import { MainNav } from './components/MainNav'
import { NotFoundView } from './components/NotFoundView'
import {
  ConnectWalletSlot,
  hasWalletConnectedBefore,
  useWalletSession,
  WalletSessionProvider,
} from './features/walletSession'
import { type ChainRecord, type HexAddress, isEvmChainRecord, requestFaucet } from './lib/api'
import { describeDroppedDestination } from './lib/describeDroppedDestination'
import { getChainFamily } from './lib/getChainFamily'
import { getErrorMessage } from './lib/getErrorMessage'
import { getUnreachableDestinations } from './lib/getUnreachableDestinations'
import { hasCrossChainFlow } from './lib/hasCrossChainFlow'
import { getSafeLocalStorage } from './lib/storage'
import { parseSwapSearchParams } from './lib/swapSearchParams'
import { useChainSelection } from './lib/useChainSelection'
import { getWidgetChains, isWidgetFlowAllowed } from './lib/widget/getWidgetChains'
import { useWidget } from './lib/widget/WidgetContext'
import { HistoryRoute } from './routes/HistoryRoute'
import { SwapRoute } from './routes/SwapRoute'
import { WidgetRoute } from './routes/WidgetRoute'

const loadWalletHost = () => import('./features/wallet').then((m) => m.WalletHost)

export interface ConnectedAppProps {
  chains: readonly ChainRecord[]
  appName: string
  walletConnectProjectId: string | undefined
  resolvedTheme: 'light' | 'dark'
  themeToggle: ReactNode
}

/**
 * The app with its routes and wallet session. Wallet code (wagmi, RainbowKit, viem's wallet parts) is not part
 * of it: the wallet module loads on "Connect", or at once when a wallet was connected before or the widget's host
 * lends its wallet, and then publishes the session the components read.
 */
export function ConnectedApp({
  chains,
  appName,
  walletConnectProjectId,
  resolvedTheme,
  themeToggle,
}: ConnectedAppProps) {
  const hostProvider = useWidget()?.provider
  const [storage] = useState(getSafeLocalStorage)
  const [connectedBefore] = useState(() => hasWalletConnectedBefore(storage))
  // UTXO and Cosmos chains have no single-chain swaps: they are offered only where a flow reaches them
  const [tradableChains] = useState(() =>
    chains.filter((chain) => isEvmChainRecord(chain) || chain.flows.utxo || chain.flows.crossChain),
  )
  const settings = useMemo(
    () => ({
      chains: chains.filter(isEvmChainRecord),
      hasDevnet: chains.some((chain) => chain.isDevnet),
      appName,
      walletConnectProjectId,
      resolvedTheme,
      storage,
      fundDevnetAccount: (address: HexAddress) => requestFaucet({ address }),
      hostProvider,
    }),
    [chains, appName, walletConnectProjectId, resolvedTheme, storage, hostProvider],
  )
  return (
    <WalletSessionProvider
      load={loadWalletHost}
      settings={settings}
      loadAtOnce={connectedBefore || hostProvider !== undefined}
    >
      <Shell chains={tradableChains} appName={appName} themeToggle={themeToggle} />
    </WalletSessionProvider>
  )
}

function Shell({
  chains: allChains,
  appName,
  themeToggle,
}: {
  chains: readonly ChainRecord[]
  appName: string
  themeToggle: ReactNode
}) {
  const widget = useWidget()
  const widgetConfig = widget?.config
  const chains = useMemo(
    () =>
      widgetConfig === undefined ? allChains : getWidgetChains({ chains: allChains, config: widgetConfig }),
    [allChains, widgetConfig],
  )
  const { selection, select } = useChainSelection(chains)
  // a configured default chain applies when it is set or changed (later the user may pick another)
  const appliedChain = useRef<number | undefined>(undefined)
  const configuredChain = widgetConfig?.chain
  useEffect(() => {
    if (configuredChain === undefined || appliedChain.current === configuredChain) return
    appliedChain.current = configuredChain
    select('source', configuredChain)
  }, [configuredChain, select])
  const wallet = useWalletSession()
  const walletChainId = wallet?.chainId
  const isConnected = wallet?.isConnected ?? false
  const switchError = wallet?.switchError ?? null
  const [location] = useLocation()
  // a deep link's destination the source cannot reach is not applied: the page says why until a chain is picked
  const [linkedToChainId] = useState(() => parseSwapSearchParams(window.location.search).toChainId)
  const [linkNoteShown, setLinkNoteShown] = useState(true)

  // The network is the user's choice in the app (selector or deep link), not the wallet's: when the wallet is
  // on another chain the swap card offers to switch it instead of silently changing what the user looks at.
  const onSelectSource = (next: number) => {
    select('source', next)
    wallet?.resetSwitch()
    const chain = chains.find((c) => c.chainId === next)
    if (chain !== undefined && getChainFamily(chain) === 'evm' && isConnected && walletChainId !== next)
      wallet?.switchChain(next)
  }
  const first = chains[0]
  const source = chains.find((c) => c.chainId === selection.sourceChainId) ?? first
  const destination = chains.find((c) => c.chainId === selection.destinationChainId) ?? source
  if (source === undefined || destination === undefined)
    return widget === undefined ? null : (
      <main className="p-2">
        <p role="status" className="rounded-2xl border border-line bg-card p-4 text-sm text-muted">
          This widget's configuration allows no network this server offers.
        </p>
      </main>
    )

  const crossChain = hasCrossChainFlow(chains) && isWidgetFlowAllowed(widget?.config, 'crossChain')
  const droppedDestination =
    crossChain && linkNoteShown
      ? describeDroppedDestination({
          linkedToChainId,
          destinationChainId: destination.chainId,
          source,
          chains,
        })
      : undefined
  const chainSelector = (
    <div className="flex min-w-0 items-center gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">
      <ChainSelector
        chains={chains}
        chainId={source.chainId}
        onChange={(next) => {
          setLinkNoteShown(false)
          onSelectSource(next)
        }}
        label={crossChain ? 'From network' : 'Network'}
        visibleLabel={crossChain ? 'From' : undefined}
      />
      {crossChain && (
        <ChainSelector
          chains={chains}
          chainId={destination.chainId}
          onChange={(next) => {
            setLinkNoteShown(false)
            select('destination', next)
          }}
          label="To network"
          visibleLabel="To"
          unavailable={getUnreachableDestinations({ source, chains })}
        />
      )}
    </div>
  )
  const droppedDestinationNote = droppedDestination !== undefined && (
    <p role="status" className="mx-auto max-w-5xl px-4 pt-4 text-sm">
      {droppedDestination}
    </p>
  )
  const switchErrorNote = switchError !== null && (
    <p role="status" className="mx-auto max-w-5xl px-4 pt-4 text-sm text-danger">
      {getErrorMessage(switchError).message}
    </p>
  )

  return (
    <Switch>
      <Route path="/widget">
        <WidgetRoute
          source={source}
          destination={destination}
          chainSelector={chainSelector}
          connect={<ConnectWalletSlot />}
        />
      </Route>
      <Route>
        <Header
          appName={appName}
          nav={<MainNav />}
          chainSelector={chainSelector}
          themeToggle={themeToggle}
          connect={<ConnectWalletSlot />}
        />
        {switchErrorNote}
        {droppedDestinationNote}
        <Switch>
          <Route path="/">
            <SwapRoute chains={chains} source={source} destination={destination} />
          </Route>
          <Route path="/history">
            <HistoryRoute chains={chains} />
          </Route>
          <Route>
            <main className="px-4 py-10">
              <NotFoundView path={location} />
            </main>
          </Route>
        </Switch>
      </Route>
    </Switch>
  )
}
