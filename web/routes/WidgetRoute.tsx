import { type ReactNode, useEffect, useRef } from 'react'
import { useWalletAccount } from '../features/walletSession'
import type { ChainRecord } from '../lib/api'
import { useWidget } from '../lib/widget/WidgetContext'
import { TradePanel } from './TradePanel'

/**
 * `/widget`: the same swap flow in embed mode, without page chrome (no header, balances or history): a compact
 * row with the network selector and the wallet button above the card, each hidden when the configuration says
 * so. Tells the host when the wallet connects and when the network changes (the wallet module connects the
 * host's wallet by itself when one is configured).
 */
export function WidgetRoute({
  source,
  destination,
  chainSelector,
  connect,
}: {
  source: ChainRecord
  destination: ChainRecord
  chainSelector: ReactNode
  connect: ReactNode
}) {
  const widget = useWidget()
  const hide = widget?.config.hide ?? []
  const emit = widget?.emit
  const { address, chainId } = useWalletAccount()

  const walletChainId = useRef(chainId)
  walletChainId.current = chainId
  useEffect(() => {
    const current = walletChainId.current
    if (address !== undefined && current !== undefined)
      emit?.({ name: 'walletConnected', address, chainId: current })
  }, [address, emit])

  const shownChain = useRef(source.chainId)
  useEffect(() => {
    if (shownChain.current === source.chainId) return
    shownChain.current = source.chainId
    emit?.({ name: 'chainChanged', chainId: source.chainId })
  }, [source.chainId, emit])

  const showSelector = !hide.includes('chainSelector')
  const showWallet = !hide.includes('wallet')
  return (
    <main className="mx-auto w-full max-w-md space-y-2 p-2">
      {(showSelector || showWallet) && (
        // on a narrow widget the network pickers take their own row under the wallet, so each reads its name
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="order-last min-w-0 basis-full sm:order-none sm:basis-auto">
            {showSelector && chainSelector}
          </div>
          {showWallet && <div className="ml-auto shrink-0">{connect}</div>}
        </div>
      )}
      {widget !== undefined && widget.configErrors.length > 0 && (
        <p role="status" className="rounded-lg border border-warn/50 p-2 text-xs">
          Ignored widget configuration: {widget.configErrors.join('; ')}
        </p>
      )}
      <TradePanel source={source} destination={destination} embed />
    </main>
  )
}
