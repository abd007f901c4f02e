import { useId, useState } from 'react'
import { formatUnits } from 'viem'
import { type ChainRecord, type TokenRecord, usePopularTokens } from '../../../lib/api'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import { getPriceImpactLevel, SettingsDialog, useSwapSettings } from '../../swap'
import { useWalletSessionContext } from '../../walletSession'
import { useCrossBalance } from '../hooks/useCrossBalance'
import { useCrossForm } from '../hooks/useCrossForm'
import { useCrossQuotes } from '../hooks/useCrossQuotes'
import { useCrossReview } from '../hooks/useCrossReview'
import { useCrossTrade } from '../hooks/useCrossTrade'
import { useViewFocus } from '../hooks/useViewFocus'
import { computeCrossMaxAmount } from '../model/computeCrossMaxAmount'
import { describeOfferCost } from '../model/describeOfferCost'
import { getCrossReviewAction } from '../model/getCrossReviewAction'
import { getCrossReviewAmounts } from '../model/getCrossReviewAmounts'
import { getCrossSlippagePercent } from '../model/getCrossSlippagePercent'
import { getOfferPriceImpact } from '../model/getOfferPriceImpact'
import { isCrossBalanceShort } from '../model/isCrossBalanceShort'
import { CrossAddressFields } from './CrossAddressFields'
import { CrossAmountFields } from './CrossAmountFields'
import { CrossCard } from './CrossCard'
import { CrossDepositPanel } from './CrossDepositPanel'
import { CrossOfferDetails } from './CrossOfferDetails'
import { CrossOfferList } from './CrossOfferList'
import { CrossProgressPanel } from './CrossProgressPanel'
import { CrossQuoteNotices } from './CrossQuoteNotices'
import { CrossReviewDialog } from './CrossReviewDialog'
import { CrossSettingsActions } from './CrossSettingsActions'
import { CrossTokenPicker } from './CrossTokenPicker'

const noTokens: TokenRecord[] = []

/**
 * A trade between two chains: the tokens on each side, the amount, the receiver on the destination chain, every
 * provider's offer side by side (what arrives, its fee in native currency, the time it takes), then the
 * transaction: sent from the connected EVM wallet, or, from a UTXO chain, a deposit any wallet can pay. The
 * progress view follows the trade until it arrives. Typing in the receive field (EVM to EVM) asks for an exact
 * output: the offers that pay exactly that amount, each with the input it needs shown in the pay field.
 */
export function CrossSwapCard({ source, destination }: { source: ChainRecord; destination: ChainRecord }) {
  const { session, requestConnect } = useWalletSessionContext()
  const account = session?.address
  const isConnected = session?.isConnected ?? false
  const form = useCrossForm({ source, destination, account })
  const { from, to, receiver, sender } = form
  const quoteErrorId = useId()
  const [dialog, setDialog] = useState<'from' | 'to' | 'settings' | undefined>()
  const { settings, setSettings } = useSwapSettings()
  const slippagePercent = getCrossSlippagePercent(settings.slippage)
  const trade = useCrossTrade({ source, destination, account })
  const sourceEvm = source.family === 'evm'
  const destinationEvm = destination.family === 'evm'
  const sourceTokens = usePopularTokens({ chainId: sourceEvm ? source.chainId : undefined }).data ?? noTokens
  const destinationTokens =
    usePopularTokens({ chainId: destinationEvm ? destination.chainId : undefined }).data ?? noTokens
  const quotes = useCrossQuotes({
    source,
    destination,
    form,
    receiver,
    slippagePercent,
    enabled: trade.phase.kind === 'form',
  })
  const { offer } = quotes
  const review = useCrossReview({ source, destination, form, account, trade, requestConnect, isConnected })
  const balance = useCrossBalance({ source, from, account, sourceTokens })
  const onMax = () => {
    if (balance === undefined) return
    const max = computeCrossMaxAmount({ balance, nativeFee: BigInt(offer?.nativeFee ?? '0'), from })
    form.onType('in', formatUnits(max, from.decimals))
  }
  const insufficient = isCrossBalanceShort({
    side: form.side,
    amountText: form.amountText,
    fromDecimals: from.decimals,
    offerAmountIn: offer?.tradeParams.amount,
    balance,
  })
  const detailsOf = (q: NonNullable<typeof offer>) => (
    <CrossOfferDetails
      offer={q}
      source={source}
      destination={destination}
      from={from}
      to={to}
      sourceTokens={sourceTokens}
      destinationTokens={destinationTokens}
      slippagePercent={slippagePercent}
      autoSlippage={settings.slippage.mode === 'auto'}
    />
  )
  const { progress, depositRecord } = trade
  const headingRef = useViewFocus(progress === undefined ? trade.phase.kind : 'progress')
  const title = `${source.name} to ${destination.name}`
  if (progress !== undefined)
    return (
      <CrossProgressPanel
        source={source}
        destination={destination}
        progress={progress}
        destinationTokens={destinationTokens}
        headingRef={headingRef}
        onSettled={trade.onSettled}
        onDone={trade.finish}
      />
    )
  const { phase } = trade
  if (phase.kind === 'deposit')
    return (
      <CrossDepositPanel
        source={source}
        destination={destination}
        record={depositRecord}
        fromSymbol={from.symbol}
        headingRef={headingRef}
        onBack={() => trade.leaveDeposit(phase.id)}
        onPaid={(txHash) => trade.followDeposit(phase.id, txHash)}
      />
    )

  const impact = getOfferPriceImpact(offer) ?? 0
  const highImpact = impact > 0 && getPriceImpactLevel(impact) === 'high'
  const action = getCrossReviewAction({
    sourceEvm,
    isConnected,
    hasOffer: offer !== undefined,
    sending: review.sending,
    insufficient,
    senderKnown: sender !== undefined,
    sourceName: source.name,
    fromSymbol: from.symbol,
  })
  const taken = review.offer
  return (
    <CrossCard
      title={title}
      headingRef={headingRef}
      actions={<CrossSettingsActions slippage={settings.slippage} onOpen={() => setDialog('settings')} />}
    >
      <div className="space-y-3">
        <CrossAmountFields
          source={source}
          destination={destination}
          from={from}
          to={to}
          fields={quotes.fields}
          side={form.side}
          fetching={quotes.query.isFetching}
          onType={form.onType}
          onPickToken={setDialog}
          balance={balance}
          onMax={onMax}
          offer={offer}
          current={quotes.current}
          exactOutOffered={sourceEvm && destinationEvm}
        />
        <CrossAddressFields
          source={source}
          destination={destination}
          receiverText={form.receiverText}
          onReceiverChange={form.setReceiverText}
          receiverErrorId={quotes.error?.field === 'receiver' ? quoteErrorId : undefined}
          refundText={form.refundText}
          onRefundChange={form.setRefundText}
          account={account}
          destinationDevnetAddress={form.destinationDevnetAddress}
          sourceDevnetAddress={form.sourceDevnetAddress}
        />
        <CrossQuoteNotices
          searching={quotes.query.isFetching && quotes.offers.length === 0}
          error={quotes.error}
          errorId={quoteErrorId}
          noExactOffer={quotes.noExactOffer}
        />
        {quotes.offers.length > 0 && (
          <CrossOfferList
            offers={quotes.offers}
            labels={quotes.offerLabels}
            picked={offer}
            onPick={quotes.pick}
            source={source}
            destination={destination}
            to={to}
          />
        )}
        {offer !== undefined && (
          <p className="flex justify-between text-sm">
            <span className="text-muted">You pay</span>
            <span className="tabular-nums" data-testid="cross-cost">
              {describeOfferCost({ offer, from, native: source.nativeCurrency })}
            </span>
          </p>
        )}
        {offer !== undefined && detailsOf(offer)}
        {review.sendError !== undefined && (
          <p role="alert" className="text-sm text-danger">
            {getErrorMessage(review.sendError).message}
          </p>
        )}
        <button
          type="button"
          disabled={action.disabled}
          onClick={() => review.open(offer)}
          className={`w-full rounded-xl py-3 font-semibold disabled:opacity-50 ${highImpact ? 'bg-danger text-danger-fg' : 'bg-accent text-accent-fg'}`}
        >
          {action.label}
        </button>
      </div>
      {taken !== undefined && (
        <CrossReviewDialog
          offer={taken}
          chainId={source.chainId}
          from={from}
          toSymbol={to.symbol}
          exactOut={quotes.exactOut}
          priceImpact={getOfferPriceImpact(taken)}
          amounts={getCrossReviewAmounts({
            offer: taken,
            from,
            to,
            native: source.nativeCurrency,
            sourceName: source.name,
            destinationName: destination.name,
          })}
          details={detailsOf(taken)}
          evm={sourceEvm}
          onSent={(hash) => review.onSent(taken, hash)}
          onDeposit={(memoless) => void review.openDeposit(taken, memoless)}
          depositBusy={review.sending}
          onClose={review.close}
        />
      )}
      <SettingsDialog
        open={dialog === 'settings'}
        onClose={() => setDialog(undefined)}
        settings={settings}
        onChange={setSettings}
        recommendedPercent={undefined}
      />
      {(dialog === 'from' || dialog === 'to') && (
        <CrossTokenPicker
          side={dialog}
          chain={dialog === 'from' ? source : destination}
          tokens={dialog === 'from' ? sourceTokens : destinationTokens}
          account={account}
          onPick={(token) => {
            if (dialog === 'from') form.setFrom(token)
            else form.setTo(token)
            setDialog(undefined)
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
    </CrossCard>
  )
}
