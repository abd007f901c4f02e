import { useQuery } from '@tanstack/react-query'
import { Settings } from 'lucide-react'
import { type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react'
import { formatUnits, isHex, zeroAddress } from 'viem'
import { type ChainRecord, type TokenRecord, usePopularTokens } from '../../../lib/api'
import { ClientError } from '../../../lib/ClientError'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { formatUsd } from '../../../lib/formatUsd'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import { useDebouncedValue } from '../../../lib/useDebouncedValue'
import { useTokenBalances } from '../../balances'
import { DevnetDepositWalletPanel, KeplrDepositPanel, useDevnetDepositWallet } from '../../depositWallet'
import { depositRecordId, findOpenDeposit, useDepositHistory, useSwapHistory } from '../../history'
import {
  AmountMeta,
  computeGasReserve,
  computeMaxAmount,
  getPriceImpactLevel,
  SettingsDialog,
  SlippageChip,
  TokenDialog,
  useSwapSettings,
} from '../../swap'
import { useWalletSessionContext } from '../../walletSession'
import { type CrossQuote, fetchCrossQuotes } from '../api/fetchCrossQuotes'
import { fetchCrossSwap } from '../api/fetchCrossSwap'
import type { CrossToken } from '../model/CrossToken'
import { computeCrossFeesUsd } from '../model/computeCrossFeesUsd'
import { describeCrossCost } from '../model/describeCrossCost'
import { describeCrossQuoteError } from '../model/describeCrossQuoteError'
import { describeOfferRoute } from '../model/describeOfferRoute'
import { getCrossFeePrices } from '../model/getCrossFeePrices'
import { type CrossAmountSide, getCrossFieldTexts } from '../model/getCrossFieldTexts'
import { getCrossMinimumReceived } from '../model/getCrossMinimumReceived'
import { getCrossSlippagePercent } from '../model/getCrossSlippagePercent'
import { getDepositRequest } from '../model/getDepositRequest'
import { describeOfferTime, labelOffers } from '../model/labelOffers'
import { parseCrossAmount } from '../model/parseCrossAmount'
import { selectExactOutOffers } from '../model/selectExactOutOffers'
import { CrossCostDetails } from './CrossCostDetails'
import { CrossProgress, type CrossSettled } from './CrossProgress'
import { CrossReviewDialog } from './CrossReviewDialog'
import { DepositView } from './DepositView'

const nativeOf = (chain: ChainRecord): CrossToken => ({
  address: zeroAddress,
  symbol: chain.nativeCurrency.symbol,
  decimals: chain.nativeCurrency.decimals,
})

const noTokens: TokenRecord[] = []
const noBalances: ReadonlyMap<string, bigint> = new Map()

type Phase =
  | { kind: 'form' }
  /** A deposit trade, by its record's id: its deposit view until paid, then its progress. */
  | { kind: 'deposit'; id: string }
  | {
      kind: 'progress'
      txHash: string
      from: CrossToken
      to: CrossToken
      /** When the trade was sent, and the taken offer's estimate (`processingTime`, seconds), for the timer. */
      timing: { startedAtMs: number; estimateSec?: number }
    }

/**
 * A trade between two chains: the tokens on each side, the amount, the receiver on the destination chain, every
 * provider's offer side by side (what arrives, its fee in native currency, the time it takes), then the
 * transaction: sent from the connected EVM wallet, or, from a UTXO chain, a deposit any wallet can pay. The
 * progress view follows the trade until it arrives. Typing in the receive field (EVM to EVM) asks for an exact
 * output: the offers that pay exactly that amount, each with the input it needs shown in the pay field.
 */
export function CrossSwapCard({ source, destination }: { source: ChainRecord; destination: ChainRecord }) {
  const [from, setFrom] = useState<CrossToken>(() => nativeOf(source))
  const [to, setTo] = useState<CrossToken>(() => nativeOf(destination))
  const [amountText, setAmountText] = useState('')
  const [side, setSide] = useState<CrossAmountSide>('in')
  const [receiverText, setReceiverText] = useState('')
  const quoteErrorId = useId()
  const [refundText, setRefundText] = useState('')
  const [picked, setPicked] = useState(0)
  const [dialog, setDialog] = useState<'from' | 'to' | 'settings' | undefined>()
  const [review, setReview] = useState<CrossQuote>()
  const { settings, setSettings } = useSwapSettings()
  const slippagePercent = getCrossSlippagePercent(settings.slippage)
  const deposits = useDepositHistory()
  // a deposit trade of this pair shown before a reload (unpaid, or paid and in flight) opens again: its address,
  // memo and countdown live in this browser's storage, not in the page
  const [phase, setPhase] = useState<Phase>(() => {
    const open = findOpenDeposit({
      records: deposits.records,
      chainId: source.chainId,
      toChainId: destination.chainId,
      nowSec: Math.floor(Date.now() / 1000),
    })
    return open === undefined ? { kind: 'form' } : { kind: 'deposit', id: open.id }
  })
  const [sending, setSending] = useState(false)
  const [sendError, setSendError] = useState<unknown>()
  const { session, requestConnect } = useWalletSessionContext()
  const address = session?.address
  const isConnected = session?.isConnected ?? false
  const history = useSwapHistory(address)
  const [dismissed, setDismissed] = useState<string>()
  const sourceEvm = source.family === 'evm'
  const destinationEvm = destination.family === 'evm'
  const sourceTokens = usePopularTokens({ chainId: sourceEvm ? source.chainId : undefined }).data ?? noTokens
  const destinationTokens =
    usePopularTokens({ chainId: destinationEvm ? destination.chainId : undefined }).data ?? noTokens

  // on devnet UTXO chains the built-in devnet wallet pays deposits, takes refunds and receives
  const sourceDevnetWallet = useDevnetDepositWallet(sourceEvm ? undefined : source)
  const destinationDevnetWallet = useDevnetDepositWallet(destinationEvm ? undefined : destination)
  // exact output only where a provider can guarantee it: an EVM receiver paid by an EVM deposit
  const exactOutOffered = sourceEvm && destinationEvm
  const typedKey = `${side}:${amountText}`
  const debouncedKey = useDebouncedValue(typedKey, 300)
  const exactOut = debouncedKey.startsWith('out:')
  const amount = parseCrossAmount(
    debouncedKey.slice(debouncedKey.indexOf(':') + 1),
    exactOut ? to.decimals : from.decimals,
  )
  const receiver =
    receiverText.trim() !== ''
      ? receiverText.trim()
      : destinationEvm
        ? address
        : destinationDevnetWallet?.address
  const sender = sourceEvm
    ? address
    : refundText.trim() !== ''
      ? refundText.trim()
      : sourceDevnetWallet?.address
  const quotes = useQuery({
    queryKey: [
      'crossQuotes',
      source.chainId,
      destination.chainId,
      from.address,
      to.address,
      String(amount),
      exactOut,
      receiver,
      slippagePercent,
    ],
    queryFn: ({ signal }) =>
      fetchCrossQuotes({
        sourceChainId: source.chainId,
        destinationChainId: destination.chainId,
        fromTokenAddress: from.address,
        toTokenAddress: to.address,
        amount: amount ?? 0n,
        isExactOut: exactOut,
        sender: undefined,
        receiver: receiver ?? '',
        slippagePercent,
        signal,
      }),
    // no refresh behind the deposit or progress view: the offer taken is the one shown
    enabled: phase.kind === 'form' && amount !== undefined && receiver !== undefined,
    refetchInterval: 20_000,
    retry: false,
  })
  const answered = quotes.data ?? []
  // an exact output: only the offers that pay exactly the typed amount
  const offers = exactOut && amount !== undefined ? selectExactOutOffers(answered, amount) : answered
  const onType = (field: CrossAmountSide, text: string) => {
    setSide(field)
    setAmountText(text)
  }
  const offer = offers[picked] ?? offers[0]
  const offerLabels = labelOffers(offers)
  const fields = getCrossFieldTexts({
    side,
    typed: amountText,
    // the other field follows the offer of the amount typed, not one of a previous amount
    offer: debouncedKey === typedKey ? offer : undefined,
    fromDecimals: from.decimals,
    toDecimals: to.decimals,
  })
  const quoteError = quotes.isError
    ? describeCrossQuoteError(quotes.error, exactOut, {
        destinationName: destination.name,
        amountToken: exactOut ? to : from,
      })
    : undefined
  const receiverInvalid = quoteError?.field === 'receiver'

  const openReview = () => {
    if (sourceEvm && (!isConnected || address === undefined)) {
      requestConnect()
      return
    }
    if (offer !== undefined) setReview(offer)
  }
  const onSent = (taken: CrossQuote, hash: `0x${string}`) => {
    if (address === undefined) return
    history.upsert({
      chainId: source.chainId,
      hash,
      kind: 'cross',
      toChainId: destination.chainId,
      account: address,
      from: { address: from.address as `0x${string}`, symbol: from.symbol, decimals: from.decimals },
      to: { address: to.address as `0x${string}`, symbol: to.symbol, decimals: to.decimals },
      amountIn: taken.tradeParams.amount,
      quotedOut: taken.dstTrade.toTokenAmount,
      status: 'pending',
      createdAtMs: Date.now(),
    })
    setReview(undefined)
    setPhase({
      kind: 'progress',
      txHash: hash,
      from,
      to,
      timing: { startedAtMs: Date.now(), estimateSec: taken.processingTime },
    })
  }
  const openDeposit = async (taken: CrossQuote) => {
    if (sender === undefined) return
    setSendError(undefined)
    setSending(true)
    try {
      const swap = await fetchCrossSwap({ quote: taken, account: sender })
      const deposit = getDepositRequest(swap)
      if (deposit === undefined)
        throw new ClientError('INVALID_TRANSACTION', 'The provider answered no deposit for this trade.')
      const id = depositRecordId(deposit)
      deposits.upsert({
        id,
        chainId: source.chainId,
        toChainId: destination.chainId,
        from,
        to,
        deposit: { ...deposit, amount: deposit.amount.toString() },
        receiver: receiver ?? '',
        refundAddress: sender,
        quotedOut: taken.dstTrade.toTokenAmount,
        expiresAt: swap.expiresAt,
        ...(taken.processingTime === undefined ? {} : { processingTime: taken.processingTime }),
        createdAtMs: Date.now(),
        status: 'awaiting',
        dismissed: false,
      })
      setReview(undefined)
      setPhase({ kind: 'deposit', id })
    } catch (error: unknown) {
      setSendError(error)
    } finally {
      setSending(false)
    }
  }

  // the wallet's balance of the token paid (EVM sources), with Max
  const fromRecord = sourceTokens.find((t) => t.address.toLowerCase() === from.address.toLowerCase())
  const { balances } = useTokenBalances({
    chainId: source.chainId,
    address: sourceEvm ? address : undefined,
    tokens: fromRecord === undefined ? noTokens : [fromRecord],
    refetchIntervalMs: Math.max(source.blockTimeMs, 4_000),
  })
  const balance = balances[0]?.amount
  const onMax = () => {
    if (balance === undefined) return
    // the native coin keeps the provider's fee (paid in value beside the amount) and gas
    const gasReserve =
      BigInt(offer?.nativeFee ?? '0') +
      computeGasReserve({ gasCostWei: undefined, fallback: 10n ** BigInt(Math.max(from.decimals - 2, 0)) })
    const max = computeMaxAmount({ balance, isNative: from.address === zeroAddress, gasReserve })
    onType('in', formatUnits(max, from.decimals))
  }
  const amountIn = offer === undefined ? undefined : BigInt(offer.tradeParams.amount)
  const insufficient = balance !== undefined && amountIn !== undefined && amountIn > balance
  const impactOf = (q: CrossQuote | undefined) =>
    q === undefined || q.priceImpact === null ? undefined : q.priceImpact * 100
  const feesOf = (q: CrossQuote) =>
    computeCrossFeesUsd({
      fees: q.fees,
      prices: getCrossFeePrices({
        lists: [
          { chainId: source.chainId, tokens: sourceTokens },
          { chainId: destination.chainId, tokens: destinationTokens },
        ],
        sides: [
          {
            chainId: source.chainId,
            token: from,
            amount: BigInt(q.tradeParams.amount),
            usd: q.fromAmountUsd,
          },
          {
            chainId: destination.chainId,
            token: to,
            amount: BigInt(q.dstTrade.toTokenAmount),
            usd: q.toAmountUsd,
          },
        ],
      }),
    })
  const costDetails = (q: CrossQuote) => (
    <CrossCostDetails
      minimumReceived={getCrossMinimumReceived(q)}
      to={to}
      priceImpact={impactOf(q)}
      slippagePercent={slippagePercent}
      autoSlippage={settings.slippage.mode === 'auto'}
      fees={feesOf(q)}
    />
  )

  // A trade of this pair still under way (sent before a reload) is followed again rather than offered anew, and
  // stays followed once it settles (its record no longer pending), until "New trade".
  const [resumed, setResumed] = useState<string>()
  const pending =
    (resumed === undefined ? undefined : history.records.find((r) => r.hash === resumed)) ??
    history.records.find(
      (r) =>
        r.kind === 'cross' &&
        r.status === 'pending' &&
        r.chainId === source.chainId &&
        r.toChainId === destination.chainId &&
        r.hash !== dismissed,
    )
  const pendingHash = pending?.hash
  useEffect(() => {
    if (pendingHash !== undefined) setResumed(pendingHash)
  }, [pendingHash])
  const settleRecord = useCallback(
    (txHash: string, settled: CrossSettled) => {
      if (!isHex(txHash)) return
      history.upsert({
        chainId: source.chainId,
        hash: txHash,
        status: settled.delivered ? 'success' : 'failed',
        ...(settled.delivered && settled.amountReceived !== undefined
          ? { received: settled.amountReceived }
          : {}),
        ...(settled.refunded === undefined ? {} : { refunded: settled.refunded }),
      })
    },
    [history.upsert, source.chainId],
  )
  const depositUpsert = deposits.upsert
  const settleDeposit = useCallback(
    (id: string, settled: CrossSettled) =>
      depositUpsert({
        id,
        status: settled.delivered ? 'success' : 'failed',
        ...(settled.delivered && settled.amountReceived !== undefined
          ? { received: settled.amountReceived }
          : {}),
        ...(settled.refunded === undefined ? {} : { refunded: settled.refunded }),
      }),
    [depositUpsert],
  )
  const depositRecord = phase.kind === 'deposit' ? deposits.records.find((r) => r.id === phase.id) : undefined
  const depositTxHash = depositRecord?.txHash
  const progress =
    phase.kind === 'progress'
      ? { ...phase, onSettled: (settled: CrossSettled) => settleRecord(phase.txHash, settled) }
      : depositRecord !== undefined && depositTxHash !== undefined
        ? {
            txHash: depositTxHash,
            from: depositRecord.from,
            to: depositRecord.to,
            timing: {
              startedAtMs: depositRecord.paidAtMs ?? depositRecord.createdAtMs,
              ...(depositRecord.processingTime === undefined
                ? {}
                : { estimateSec: depositRecord.processingTime }),
            },
            onSettled: (settled: CrossSettled) => settleDeposit(depositRecord.id, settled),
          }
        : phase.kind === 'form' && pending !== undefined
          ? {
              txHash: pending.hash,
              from: pending.from,
              to: pending.to,
              timing: { startedAtMs: pending.createdAtMs },
              onSettled: (settled: CrossSettled) => settleRecord(pending.hash, settled),
            }
          : undefined
  const view = progress === undefined ? phase.kind : 'progress'
  const headingRef = useRef<HTMLHeadingElement>(null)
  const shownView = useRef(view)
  useEffect(() => {
    // the control that opened the review (or "New trade") is gone with the view it was in: focus would fall to
    // <body>, so it moves to the card's heading, where the new view starts
    if (shownView.current === view) return
    shownView.current = view
    headingRef.current?.focus()
  }, [view])
  if (progress !== undefined)
    return (
      <Card title={`${source.name} to ${destination.name}`} headingRef={headingRef}>
        <CrossProgress
          txHash={progress.txHash}
          origin={{
            chainId: source.chainId,
            chainName: source.name,
            isDevnet: source.isDevnet,
            token: progress.from,
          }}
          destination={{
            chainId: destination.chainId,
            isDevnet: destination.isDevnet,
            token: progress.to,
            tokens: destinationTokens,
          }}
          timing={progress.timing}
          onSettled={progress.onSettled}
          onDone={() => {
            setDismissed(progress.txHash)
            setResumed(undefined)
            if (depositRecord !== undefined) depositUpsert({ id: depositRecord.id, dismissed: true })
            setPhase({ kind: 'form' })
          }}
        />
      </Card>
    )
  if (phase.kind === 'deposit') {
    const back = () => {
      // the deposit stays listed in the history (it can still be paid until it expires); the card forgets it
      depositUpsert({ id: phase.id, dismissed: true })
      setPhase({ kind: 'form' })
    }
    if (depositRecord === undefined)
      return (
        <Card title={`Deposit ${from.symbol} on ${source.name}`} headingRef={headingRef}>
          <p role="alert" className="text-sm text-danger">
            This deposit is no longer in this browser's history.
          </p>
          <button
            type="button"
            onClick={back}
            className="mt-3 rounded-lg border border-line px-3 py-2 text-sm"
          >
            Back
          </button>
        </Card>
      )
    const deposit = { ...depositRecord.deposit, amount: BigInt(depositRecord.deposit.amount) }
    const followDeposit = (txHash: string) =>
      depositUpsert({ id: depositRecord.id, txHash, paidAtMs: Date.now(), status: 'pending' })
    return (
      <Card title={`Deposit ${depositRecord.from.symbol} on ${source.name}`} headingRef={headingRef}>
        <DepositView
          deposit={deposit}
          symbol={depositRecord.from.symbol}
          expiresAt={depositRecord.expiresAt}
          family={source.family === 'cosmos' ? 'cosmos' : 'utxo'}
          arrival={{
            amount: `≈ ${formatTokenAmount({ amount: BigInt(depositRecord.quotedOut), decimals: depositRecord.to.decimals, roundingMode: 'trunc' })} ${depositRecord.to.symbol}`,
            chainName: destination.name,
            receiver: depositRecord.receiver,
            sourceName: source.name,
            refundAddress: depositRecord.refundAddress,
          }}
          onTrack={followDeposit}
          onBack={back}
          wallet={
            <>
              <DevnetDepositWalletPanel chain={source} deposit={deposit} onPaid={followDeposit} />
              <KeplrDepositPanel chain={source} deposit={deposit} onPaid={followDeposit} />
            </>
          }
        />
      </Card>
    )
  }

  const tokenButton = (side: 'from' | 'to', token: CrossToken, evm: boolean) =>
    evm ? (
      <button
        type="button"
        onClick={() => setDialog(side)}
        aria-label={`${side === 'from' ? 'You pay' : 'You receive'}: ${token.symbol}, change token`}
        className="rounded-full border border-line px-3 py-1 text-sm font-semibold"
      >
        {token.symbol}
      </button>
    ) : (
      <span className="rounded-full border border-line px-3 py-1 text-sm font-semibold">{token.symbol}</span>
    )

  const highImpact = (impactOf(offer) ?? 0) > 0 && getPriceImpactLevel(impactOf(offer) ?? 0) === 'high'
  const usdOf = (value: number | null | undefined) =>
    debouncedKey === typedKey ? formatUsd({ value }) : undefined
  return (
    <Card
      title={`${source.name} to ${destination.name}`}
      headingRef={headingRef}
      actions={
        <>
          <SlippageChip slippage={settings.slippage} onOpen={() => setDialog('settings')} />
          <button
            type="button"
            onClick={() => setDialog('settings')}
            aria-label="Cross-chain swap settings"
            className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-line hover:bg-surface"
          >
            <Settings aria-hidden="true" className="h-4 w-4" />
          </button>
        </>
      }
    >
      <div className="space-y-3">
        <div className="rounded-xl border border-line bg-surface p-3">
          <label htmlFor="cross-amount" className="text-xs font-medium text-muted">
            You pay on {source.name}
          </label>
          <div className="mt-1 flex items-center gap-2">
            <input
              id="cross-amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              value={fields.pay}
              onChange={(event) => onType('in', event.target.value)}
              aria-busy={side === 'out' && quotes.isFetching}
              className="min-w-0 flex-1 bg-transparent text-2xl font-semibold tabular-nums outline-none"
            />
            {tokenButton('from', from, sourceEvm)}
          </div>
          <AmountMeta
            token={from}
            balance={sourceEvm ? balance : undefined}
            usdFormatted={usdOf(offer?.fromAmountUsd)}
            onMax={onMax}
          />
        </div>
        <div className="rounded-xl border border-line bg-surface p-3">
          {exactOutOffered ? (
            <label htmlFor="cross-receive" className="text-xs font-medium text-muted">
              You receive on {destination.name} (type to receive exactly this)
            </label>
          ) : (
            <p className="text-xs font-medium text-muted">You receive on {destination.name}</p>
          )}
          <div className="mt-1 flex items-center gap-2">
            {exactOutOffered ? (
              <input
                id="cross-receive"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0"
                value={fields.receive}
                onChange={(event) => onType('out', event.target.value)}
                aria-busy={side === 'in' && quotes.isFetching}
                className="min-w-0 flex-1 bg-transparent text-2xl font-semibold tabular-nums outline-none"
              />
            ) : (
              <output
                aria-label="Amount received"
                className="min-w-0 flex-1 text-2xl font-semibold tabular-nums"
              >
                {offer === undefined
                  ? '0'
                  : formatTokenAmount({
                      amount: BigInt(offer.dstTrade.toTokenAmount),
                      decimals: to.decimals,
                      roundingMode: 'trunc',
                    })}
              </output>
            )}
            {tokenButton('to', to, destinationEvm)}
          </div>
          <AmountMeta
            token={to}
            balance={undefined}
            usdFormatted={usdOf(offer?.toAmountUsd)}
            priceImpact={impactOf(offer)}
          />
        </div>
        <label className="block text-xs font-medium text-muted">
          Receiver on {destination.name}
          <input
            value={receiverText}
            onChange={(event) => setReceiverText(event.target.value)}
            aria-invalid={receiverInvalid}
            aria-describedby={receiverInvalid ? quoteErrorId : undefined}
            placeholder={
              destinationEvm
                ? (address ?? '0x…')
                : (destinationDevnetWallet?.address ?? `${destination.name} address`)
            }
            spellCheck={false}
            className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 font-mono text-xs text-fg"
          />
        </label>
        {!sourceEvm && (
          <label className="block text-xs font-medium text-muted">
            Your {source.name} address (refunds)
            <input
              value={refundText}
              onChange={(event) => setRefundText(event.target.value)}
              placeholder={sourceDevnetWallet?.address ?? `${source.name} address`}
              spellCheck={false}
              className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 font-mono text-xs text-fg"
            />
          </label>
        )}
        {quotes.isFetching && offers.length === 0 && (
          <p role="status" className="text-sm text-muted">
            Finding offers…
          </p>
        )}
        {quoteError !== undefined && (
          <div id={quoteErrorId} role="alert" className="text-sm text-danger" data-testid="cross-quote-error">
            <p>{quoteError.message}</p>
            {quoteError.reasons.map((reason) => (
              <p key={reason} className="text-xs">
                {reason}
              </p>
            ))}
          </div>
        )}
        {quotes.isSuccess && answered.length > 0 && offers.length === 0 && (
          <p role="alert" className="text-sm text-danger">
            No offer pays exactly this amount: enter the amount to pay instead.
          </p>
        )}
        {offers.length > 0 && (
          <fieldset className="space-y-2">
            <legend className="text-xs font-medium text-muted">Offers</legend>
            {offers.map((q, index) => (
              <label
                key={`${q.tradeProtocol}:${q.transactionData.provider}:${q.dstTrade.toTokenAmount}`}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-line p-2 text-sm has-[:checked]:border-accent"
              >
                <input
                  type="radio"
                  name="cross-offer"
                  checked={offer === q}
                  onChange={() => setPicked(index)}
                />
                <span className="flex-1">
                  <span className="font-semibold">{q.providerInfo.name}</span>
                  {offerLabels[index]?.map((label) => (
                    <span
                      key={label}
                      className="ml-2 rounded-full border border-accent px-1.5 text-xs font-medium text-accent"
                    >
                      {label}
                    </span>
                  ))}
                  {describeOfferRoute(q.route, source.name, destination.name) !== undefined && (
                    <span className="block text-xs text-muted">
                      {describeOfferRoute(q.route, source.name, destination.name)}
                    </span>
                  )}
                  <span className="block text-xs text-muted">
                    {describeOfferTime(q.processingTime)} · fee{' '}
                    {q.nativeFee === '0'
                      ? 'in the amount'
                      : `${formatTokenAmount({ amount: BigInt(q.nativeFee), decimals: 18 })} ${source.nativeCurrency.symbol}`}
                  </span>
                </span>
                <span className="text-right tabular-nums">
                  {formatTokenAmount({
                    amount: BigInt(q.dstTrade.toTokenAmount),
                    decimals: to.decimals,
                    roundingMode: 'trunc',
                  })}{' '}
                  {to.symbol}
                  {formatUsd({ value: q.toAmountUsd }) !== undefined && (
                    <span className="block text-xs text-muted">≈ {formatUsd({ value: q.toAmountUsd })}</span>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {offer !== undefined && (
          <p className="flex justify-between text-sm">
            <span className="text-muted">You pay</span>
            <span className="tabular-nums" data-testid="cross-cost">
              {describeCrossCost({
                amountIn: BigInt(offer.tradeParams.amount),
                nativeFee: BigInt(offer.nativeFee),
                fromIsNative: from.address === zeroAddress,
                from,
                native: source.nativeCurrency,
              })}
            </span>
          </p>
        )}
        {offer !== undefined && costDetails(offer)}
        {sendError !== undefined && (
          <p role="alert" className="text-sm text-danger">
            {getErrorMessage(sendError).message}
          </p>
        )}
        <button
          type="button"
          disabled={
            sourceEvm && !isConnected
              ? false
              : offer === undefined || sending || insufficient || (!sourceEvm && sender === undefined)
          }
          onClick={openReview}
          className={`w-full rounded-xl py-3 font-semibold disabled:opacity-50 ${highImpact ? 'bg-danger text-danger-fg' : 'bg-accent text-accent-fg'}`}
        >
          {sourceEvm && !isConnected
            ? 'Connect wallet to swap'
            : !sourceEvm && sender === undefined
              ? `Enter your ${source.name} address`
              : insufficient
                ? `Insufficient ${from.symbol} balance`
                : 'Review swap'}
        </button>
      </div>
      {review !== undefined && (
        <CrossReviewDialog
          offer={review}
          chainId={source.chainId}
          from={from}
          toSymbol={to.symbol}
          exactOut={exactOut}
          priceImpact={impactOf(review)}
          amounts={[
            {
              term: `You pay on ${source.name}`,
              text: describeCrossCost({
                amountIn: BigInt(review.tradeParams.amount),
                nativeFee: BigInt(review.nativeFee),
                fromIsNative: from.address === zeroAddress,
                from,
                native: source.nativeCurrency,
              }),
              usd: formatUsd({ value: review.fromAmountUsd }),
            },
            {
              term: `You receive on ${destination.name}`,
              text: `≈ ${formatTokenAmount({ amount: BigInt(review.dstTrade.toTokenAmount), decimals: to.decimals, roundingMode: 'trunc' })} ${to.symbol}`,
              usd: formatUsd({ value: review.toAmountUsd }),
            },
          ]}
          details={costDetails(review)}
          evm={sourceEvm}
          onSent={(hash) => onSent(review, hash)}
          onDeposit={() => void openDeposit(review)}
          depositBusy={sending}
          onClose={() => setReview(undefined)}
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
        <TokenDialog
          open
          title={dialog === 'from' ? 'You pay' : 'You receive'}
          chainId={dialog === 'from' ? source.chainId : destination.chainId}
          chainName={dialog === 'from' ? source.name : destination.name}
          tokens={dialog === 'from' ? sourceTokens : destinationTokens}
          balances={noBalances}
          selected={undefined}
          onSelect={(token) => {
            const picked = { address: token.address, symbol: token.symbol, decimals: token.decimals }
            if (dialog === 'from') setFrom(picked)
            else setTo(picked)
            setDialog(undefined)
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Card>
  )
}

function Card({
  title,
  actions,
  headingRef,
  children,
}: {
  title: string
  actions?: ReactNode
  /** Takes focus when the card changes view (`tabIndex` -1: focusable by script, not in the tab order). */
  headingRef: RefObject<HTMLHeadingElement | null>
  children: ReactNode
}) {
  return (
    <section
      aria-label="Cross-chain swap"
      className="self-start rounded-2xl border border-line bg-card p-4 shadow-sm"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 ref={headingRef} tabIndex={-1} className="min-w-0 text-base font-semibold outline-none">
          {title}
        </h2>
        {actions !== undefined && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  )
}
