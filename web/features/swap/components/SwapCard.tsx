import { ArrowDownUp, RefreshCw, Settings } from 'lucide-react'
import { Suspense, useEffect, useMemo, useState } from 'react'
import { formatUnits } from 'viem'
import { Skeleton } from '../../../components/Skeleton'
import { type ChainRecord, type TokenRecord, usePopularTokens } from '../../../lib/api'
import { formatAmountForInput } from '../../../lib/formatAmountForInput'
import { formatPercent } from '../../../lib/formatPercent'
import { formatUsd } from '../../../lib/formatUsd'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import { lazyWithPreload } from '../../../lib/lazyWithPreload'
import { preloadMajorTokenIcons } from '../../../lib/preloadMajorTokenIcons'
import { parseSwapSearchParams } from '../../../lib/swapSearchParams'
import { filterWidgetTokens } from '../../../lib/widget/filterWidgetTokens'
import { useWidget } from '../../../lib/widget/WidgetContext'
import { toBalanceMap, useTokenBalances } from '../../balances'
import {
  compareGaslessNet,
  GaslessComparison,
  GaslessSwapPanel,
  GaslessToggle,
  isGaslessAvailable,
  useGaslessEstimate,
} from '../../gasless'
import { findPendingSwap, useSwapHistory } from '../../history'
import { useWalletSessionContext } from '../../walletSession'
import { useApproval } from '../hooks/useApproval'
import { useSwapExecution } from '../hooks/useSwapExecution'
import { useSwapForm } from '../hooks/useSwapForm'
import { useSwapQuotes } from '../hooks/useSwapQuotes'
import { useSwapSettings } from '../hooks/useSwapSettings'
import { useWidgetSwapEvents } from '../hooks/useWidgetSwapEvents'
import { useWidgetSwapPreset } from '../hooks/useWidgetSwapPreset'
import { computeGasReserve, computeMaxAmount } from '../model/computeMaxAmount'
import { describeLinkedReceiver } from '../model/describeLinkedReceiver'
import { estimateUsdValue } from '../model/estimateUsdValue'
import { getDirectUnwrap } from '../model/getDirectUnwrap'
import { getGasShare } from '../model/getGasShare'
import { getPriceImpactLevel } from '../model/getPriceImpactLevel'
import { getQuoteErrorMessage } from '../model/getQuoteErrorMessage'
import { getSwapAction } from '../model/getSwapAction'
import { getWrapKind } from '../model/getWrapKind'
import { sanitizeAmountInput } from '../model/sanitizeAmountInput'
import type { SingleQuote } from '../types'
import { AmountField } from './AmountField'
import { ExchangeRate } from './ExchangeRate'
import { FeeOnTransferNotes } from './FeeOnTransferNotes'
import { PendingSwapNotice } from './PendingSwapNotice'
import { QuoteCountdown } from './QuoteCountdown'
import { QuoteList } from './QuoteList'
import { SlippageChip } from './SlippageChip'
import { SwapActionButton } from './SwapActionButton'

const noTokens: TokenRecord[] = []

// The dialogs are not drawn on the first paint: each loads on the hover or focus of the control that opens it
// (the review once a quote can be reviewed), so a click opens it at once (bench:web's first-view budget).
const TokenDialog = lazyWithPreload(() => import('./TokenDialog').then((m) => m.TokenDialog))
const SettingsDialog = lazyWithPreload(() => import('./SettingsDialog').then((m) => m.SettingsDialog))
const ReviewDialog = lazyWithPreload(() => import('./ReviewDialog').then((m) => m.ReviewDialog))
const prepareTokenDialog = () => {
  void TokenDialog.preload()
  preloadMajorTokenIcons()
}
const prepareSettings = () => void SettingsDialog.preload()

/**
 * The single-chain swap card on `chain`: amounts, tokens, quotes, settings, approval, review and progress.
 * `embed` (the widget) draws the same flow as a standalone card instead of a cell of the page grid; there the
 * widget's configuration fixes or limits tokens and amounts, hides parts, sets the slippage default and the
 * integrator fee, and every step is reported to the host page.
 */
export function SwapCard({ chain, embed = false }: { chain: ChainRecord; embed?: boolean }) {
  const widgetConfig = useWidget()?.config
  const popular = usePopularTokens({ chainId: chain.chainId })
  const allowedTokens = widgetConfig?.tokens
  const offeredTokens = useMemo(
    () => (popular.data === undefined ? undefined : filterWidgetTokens(popular.data, allowedTokens)),
    [popular.data, allowedTokens],
  )
  const tokens = offeredTokens ?? noTokens
  const form = useSwapForm({ chainId: chain.chainId, tokens: offeredTokens })
  const { from, to, amountText, side } = form.state
  const { settings, setSettings } = useSwapSettings()
  useWidgetSwapPreset({
    config: widgetConfig,
    chainId: chain.chainId,
    tokens,
    setToken: form.setToken,
    setAmount: form.setAmount,
    settings,
    setSettings,
  })
  const integrator = useMemo(
    () =>
      widgetConfig === undefined
        ? undefined
        : {
            feePercentage: widgetConfig.feePercentage,
            feeReceiver: widgetConfig.feeReceiver,
            apiKey: widgetConfig.apiKey,
          },
    [widgetConfig],
  )
  const hide = widgetConfig?.hide ?? []
  const pairLocked = widgetConfig?.fixedPair === true
  const amountLocked = widgetConfig?.fixedAmount === true
  const exactOut = widgetConfig?.exactOut !== false
  const { session: wallet, requestConnect } = useWalletSessionContext()
  const address = wallet?.address
  const isConnected = wallet?.isConnected ?? false
  const walletChainId = wallet?.chainId
  const switchError = wallet?.switchError ?? null
  const switching = wallet?.switching ?? false
  const [unlimitedApproval, setUnlimitedApproval] = useState(false)
  // who a "Finish the swap" link is for: read once, as the form reads its link
  const [linkedReceiver] = useState(() => parseSwapSearchParams(window.location.search).receiver)
  const [dialog, setDialog] = useState<'from' | 'to' | 'settings' | 'review' | undefined>()

  const { balances } = useTokenBalances({
    chainId: chain.chainId,
    address,
    tokens,
    refetchIntervalMs: Math.max(chain.blockTimeMs, 4_000),
  })
  const balanceMap = toBalanceMap(balances)
  const balanceOf = (token: TokenRecord | undefined) =>
    token === undefined ? undefined : balanceMap.get(token.address.toLowerCase())

  const quotes = useSwapQuotes({
    chainId: chain.chainId,
    from,
    to,
    amountText,
    side,
    exchangeId: form.state.exchangeId,
    ...settings,
    integrator,
  })
  const selected = quotes.selected
  const sellAmount =
    side === 'in' ? quotes.amount : selected === undefined ? undefined : BigInt(selected.deltaAmount)
  const isWrongNetwork = walletChainId !== chain.chainId
  const wrapKind = selected === undefined ? undefined : getWrapKind(selected)
  // a fee-free unwrap is the wrapped token's own withdraw, sent by the holder: nothing to approve
  const directUnwrap = selected === undefined ? undefined : getDirectUnwrap(selected)
  const approval = useApproval({
    chainId: chain.chainId,
    token: directUnwrap === undefined ? from : undefined,
    owner: address,
    requiredAmount: sellAmount,
    unlimited: unlimitedApproval,
    previewEnabled: quotes.state === 'ready' && isConnected && !isWrongNetwork,
  })
  const execution = useSwapExecution({ chain, account: address, integrator })
  const widgetEvents = useWidgetSwapEvents({
    chainId: chain.chainId,
    from,
    to,
    quote: selected,
    quoteReady: quotes.state === 'ready',
    exchangeId: form.state.exchangeId,
    owner: address,
    approval: approval.progress,
    swap: execution.progress,
  })
  const history = useSwapHistory(address)
  const receiverNotice = describeLinkedReceiver({ receiver: linkedReceiver, account: address })
  const pendingSame = findPendingSwap({
    records: history.records,
    chainId: chain.chainId,
    from: from?.address,
    to: to?.address,
    side,
    amount: quotes.amount,
  })

  const action = getSwapAction({
    hasTokens: from !== undefined && to !== undefined,
    amount: quotes.amount,
    quoteState: quotes.state,
    isConnected,
    isWrongNetwork,
    sellAmount,
    balance: balanceOf(from),
    needsApproval: approval.needsApproval,
    // the review of this very swap runs it (pending there); elsewhere a pending record is one sent earlier
    isPending: pendingSame !== undefined && dialog !== 'review',
  })

  const shown = (field: 'in' | 'out') => {
    if (field === side) return amountText
    if (selected === undefined || quotes.isStale) return ''
    if (field === 'out' && gaslessOut !== undefined)
      return formatAmountForInput({ amount: gaslessOut, decimals: selected.tokenTo.decimals })
    return field === 'in'
      ? formatAmountForInput({
          amount: BigInt(selected.fromTokenAmount),
          decimals: selected.tokenFrom.decimals,
        })
      : formatAmountForInput({ amount: BigInt(selected.toTokenAmount), decimals: selected.tokenTo.decimals })
  }
  const onType = (field: 'in' | 'out', text: string) => {
    const token = field === 'in' ? from : to
    form.setAmount(
      field,
      sanitizeAmountInput({ text, decimals: token?.decimals ?? chain.nativeCurrency.decimals }),
    )
  }
  const onMax = () => {
    const balance = balanceOf(from)
    if (from === undefined || balance === undefined) return
    const isNative = from.isNative
    const gasReserve = computeGasReserve({
      gasCostWei: selected === undefined ? undefined : BigInt(selected.gasCostWei),
      fallback: 10n ** BigInt(Math.max(from.decimals - 2, 0)),
    })
    form.setAmount('in', formatUnits(computeMaxAmount({ balance, isNative, gasReserve }), from.decimals))
  }
  const reviewable = action.kind === 'review' || action.kind === 'approve'
  useEffect(() => {
    if (reviewable) void ReviewDialog.preload()
  }, [reviewable])
  const selectToken = (field: 'from' | 'to', token: TokenRecord) => {
    form.setToken(field, token)
    setDialog(undefined)
  }
  const approveAndSwap = async (quote: SingleQuote) => {
    if (approval.needsApproval && !(await approval.approve())) return
    widgetEvents.swapStarted(quote)
    await execution.execute(quote)
  }
  const usd = (value: number | null | undefined) => (quotes.isStale ? undefined : formatUsd({ value }))
  const outdated = quotes.isStale || quotes.refreshFailed
  /* loading dims the previous quote; a failed refresh greys it in the muted colour, which keeps its contrast */
  const outdatedClass = quotes.refreshFailed
    ? 'grayscale [&_*]:text-muted! [&_*]:bg-transparent!'
    : quotes.isStale
      ? 'opacity-60'
      : ''
  const typedToken = side === 'in' ? from : to
  const typedUsd =
    typedToken === undefined || quotes.amount === undefined
      ? undefined
      : estimateUsdValue({
          amount: quotes.amount,
          decimals: typedToken.decimals,
          priceInUsd: typedToken.priceInUsd,
        })
  const gasShare = selected === undefined ? undefined : getGasShare(selected)
  const [gaslessChosen, setGaslessChosen] = useState(false)
  const gaslessOffered = !embed && isGaslessAvailable({ chain, from, to, side })
  const gasless =
    gaslessOffered && gaslessChosen && address !== undefined && from !== undefined && to !== undefined
      ? (action.kind === 'review' || action.kind === 'approve') && { address, from, to }
      : false
  const gaslessSlippage = settings.slippage.mode === 'custom' ? settings.slippage.percent / 100 : undefined
  // the same query as the gasless panel's: "You receive" shows what the order pays, the relayer's fee taken out
  const gaslessEstimate = useGaslessEstimate({
    chainId: chain.chainId,
    from,
    to,
    amount: quotes.amount,
    account: address,
    slippage: gaslessSlippage,
    enabled: gasless !== false,
  })
  const gaslessOut =
    gasless !== false && gaslessEstimate.data !== undefined
      ? BigInt(gaslessEstimate.data.amountOut)
      : undefined

  return (
    <section
      aria-labelledby="swap-heading"
      className={`min-w-0 self-start rounded-2xl border border-line bg-card shadow-sm ${embed ? 'p-3' : 'p-4 md:row-span-2'}`}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2
          id="swap-heading"
          className={`min-w-0 truncate text-base font-semibold ${hide.includes('title') ? 'sr-only' : ''}`}
        >
          Swap on {chain.name}
        </h2>
        <div className="flex shrink-0 items-center gap-2">
          {/* a 1:1 wrap has no slippage and no rate to refresh */}
          {!hide.includes('settings') && wrapKind === undefined && (
            <SlippageChip
              slippage={settings.slippage}
              onOpen={() => setDialog('settings')}
              onPrepare={prepareSettings}
            />
          )}
          {quotes.quotes.length > 0 && wrapKind === undefined && (
            <QuoteCountdown
              updatedAtMs={quotes.updatedAtMs}
              onRefresh={quotes.refetch}
              fetching={quotes.isFetching}
            />
          )}
          {!hide.includes('settings') && (
            <button
              type="button"
              onClick={() => setDialog('settings')}
              onPointerEnter={prepareSettings}
              onFocus={prepareSettings}
              aria-label="Swap settings"
              className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-line hover:bg-surface"
            >
              <Settings aria-hidden="true" className="h-4 w-4" />
            </button>
          )}
        </div>
      </div>
      <PendingSwapNotice records={history.records} chainId={chain.chainId} />
      {receiverNotice !== undefined && (
        <p
          role="note"
          data-testid="swap-receiver-notice"
          className="rounded-lg border border-warn px-3 py-2 text-xs"
        >
          {receiverNotice}
        </p>
      )}
      <div className="space-y-1">
        <AmountField
          label="You pay"
          token={from}
          value={shown('in')}
          onChange={(text) => onType('in', text)}
          onSelectToken={() => setDialog('from')}
          onPrepareSelectToken={prepareTokenDialog}
          balance={balanceOf(from)}
          usdFormatted={usd(selected?.amountInUsd)}
          onMax={onMax}
          busy={side === 'out' && quotes.state === 'loading'}
          outdated={side === 'out' && quotes.refreshFailed}
          readOnly={amountLocked}
          tokenLocked={pairLocked}
        />
        <div className="relative flex justify-center">
          <button
            type="button"
            onClick={form.flip}
            disabled={pairLocked || amountLocked || !exactOut}
            aria-label="Switch pay and receive tokens"
            className="-my-3 z-10 inline-flex h-9 w-9 items-center justify-center rounded-lg border border-line bg-card text-lg hover:border-accent disabled:opacity-50 disabled:hover:border-line"
          >
            <ArrowDownUp aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
        <AmountField
          label="You receive"
          token={to}
          value={shown('out')}
          onChange={(text) => onType('out', text)}
          onSelectToken={() => setDialog('to')}
          onPrepareSelectToken={prepareTokenDialog}
          balance={balanceOf(to)}
          usdFormatted={usd(
            gaslessOut === undefined || selected === undefined
              ? selected?.amountOutUsd
              : compareGaslessNet({ quote: selected, gaslessAmountOut: gaslessOut }).gaslessUsd,
          )}
          priceImpact={selected?.priceImpact}
          busy={side === 'in' && quotes.state === 'loading'}
          outdated={side === 'in' && quotes.refreshFailed}
          readOnly={amountLocked || !exactOut}
          tokenLocked={pairLocked}
        />
      </div>
      {selected !== undefined && (
        <div className={`mt-2 flex min-h-5 ${outdatedClass}`} aria-busy={quotes.isStale}>
          <ExchangeRate quote={selected} />
        </div>
      )}
      <FeeOnTransferNotes tokens={[from, to]} />
      {quotes.state === 'error' &&
        (quotes.refreshFailed ? (
          <div
            role="alert"
            className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-danger/40 p-3 text-sm"
          >
            <span className="text-danger">
              Could not refresh the quote, so the price shown is out of date.{' '}
              {getErrorMessage(quotes.error).message}
            </span>
            <button
              type="button"
              onClick={quotes.refetch}
              className="inline-flex items-center gap-1 rounded-lg border border-line px-3 py-1.5 font-semibold hover:bg-surface"
            >
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              Retry
            </button>
          </div>
        ) : (
          <p role="alert" className="mt-3 rounded-lg border border-danger/40 p-3 text-sm text-danger">
            {getQuoteErrorMessage({ error: quotes.error, amountUsd: typedUsd }).message}
          </p>
        ))}
      {gasShare?.warn === true && !outdated && (
        <p role="note" className="mt-3 rounded-lg border border-warn/50 p-3 text-sm">
          The network fee is {formatPercent({ value: gasShare.percent, maximumFractionDigits: 0 })} of this
          trade's value. A larger amount spends less of it on gas.
        </p>
      )}
      <div className="mt-3 space-y-3">
        {gaslessOffered && (
          <GaslessToggle checked={gaslessChosen} onChange={setGaslessChosen} symbol={from?.symbol ?? ''} />
        )}
        {gasless && selected !== undefined && gaslessEstimate.data !== undefined && !quotes.isStale && (
          <Suspense fallback={null}>
            <GaslessComparison
              quote={selected}
              gaslessAmountOut={BigInt(gaslessEstimate.data.amountOut)}
              relayerFee={BigInt(gaslessEstimate.data.fee)}
              from={gasless.from}
              to={gasless.to}
            />
          </Suspense>
        )}
        {gasless ? (
          // the panel takes the action button's place: a bar of its height until the panel's chunk is in
          <Suspense fallback={<Skeleton className="h-12 w-full rounded-xl" />}>
            <GaslessSwapPanel
              chainId={chain.chainId}
              from={gasless.from}
              to={gasless.to}
              amount={quotes.amount}
              account={gasless.address}
              slippage={gaslessSlippage}
              onDone={() => form.setAmount(side, '')}
            />
          </Suspense>
        ) : (
          <SwapActionButton
            action={action}
            fromSymbol={from?.symbol ?? ''}
            chainName={chain.name}
            onConnect={requestConnect}
            onSwitch={() => wallet?.switchChain(chain.chainId)}
            onReview={() => setDialog('review')}
            switching={switching}
            wrapKind={wrapKind}
            highImpact={selected !== undefined && getPriceImpactLevel(selected.priceImpact) === 'high'}
          />
        )}
        {action.kind === 'switch-network' && switchError !== null && (
          <p role="alert" className="text-sm text-danger">
            {getErrorMessage(switchError).message}
          </p>
        )}
        {quotes.quotes.length > 0 && selected !== undefined && !hide.includes('quoteList') && (
          <div className={outdatedClass} aria-busy={quotes.isStale} data-outdated={quotes.refreshFailed}>
            <QuoteList
              quotes={quotes.quotes}
              selectedId={selected.exchangeId}
              onSelect={form.selectExchange}
              tokens={tokens}
            />
          </div>
        )}
      </div>
      {/* a dialog still loading shows nothing yet: the page behind it stays as it was */}
      <Suspense fallback={null}>
        {(dialog === 'from' || dialog === 'to') && (
          <TokenDialog
            open
            title={dialog === 'from' ? 'Select a token to pay' : 'Select a token to receive'}
            chainId={chain.chainId}
            chainName={chain.name}
            tokens={tokens}
            balances={balanceMap}
            selected={dialog === 'from' ? from : to}
            onSelect={(token) => selectToken(dialog, token)}
            onClose={() => setDialog(undefined)}
          />
        )}
        {dialog === 'settings' && (
          <SettingsDialog
            open
            onClose={() => setDialog(undefined)}
            settings={settings}
            onChange={setSettings}
            recommendedPercent={quotes.recommendedPercent}
          />
        )}
        {dialog === 'review' && selected !== undefined && (
          <ReviewDialog
            open
            onClose={() => {
              if (execution.progress.phase === 'confirmed') form.setAmount(side, '')
              execution.reset()
              approval.resetProgress()
              setDialog(undefined)
            }}
            liveQuote={selected}
            autoSlippage={settings.slippage.mode === 'auto'}
            chain={chain}
            tokens={tokens}
            progress={execution.progress}
            approval={{
              needed: approval.needsApproval,
              steps: approval.steps,
              progress: approval.progress,
              unlimited: unlimitedApproval,
              onUnlimitedChange: setUnlimitedApproval,
            }}
            onConfirm={(quote) => void approveAndSwap(quote)}
            onResetProgress={execution.reset}
            onRefreshQuotes={quotes.refetch}
          />
        )}
      </Suspense>
    </section>
  )
}
