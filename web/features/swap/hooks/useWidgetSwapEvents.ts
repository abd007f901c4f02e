import { useEffect, useRef } from 'react'
import { getAddress } from 'viem'
import type { TokenRecord } from '../../../lib/api'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import { useWidget } from '../../../lib/widget/WidgetContext'
import type { WidgetEvent, WidgetEventToken } from '../../../lib/widget/widgetProtocol'
import { getPriceImpactLevel } from '../model/getPriceImpactLevel'
import type { QuoteToken, SingleQuote } from '../types'
import type { ApprovalProgress } from './useApproval'
import type { SwapProgress } from './useSwapExecution'

const fromQuoteToken = (token: QuoteToken): WidgetEventToken => ({
  address: getAddress(token.contractAddress),
  symbol: token.symbol,
  decimals: token.decimals,
})
const fromRecord = (token: TokenRecord): WidgetEventToken => ({
  address: getAddress(token.address),
  symbol: token.symbol,
  decimals: token.decimals,
})

/** Calls `emit` with `event` when `key` differs from the previous call's (and is defined). */
function useEmitOnChange(key: string | undefined, event: () => WidgetEvent | undefined, emit: Emit) {
  const last = useRef<string | undefined>(undefined)
  const build = useRef(event)
  build.current = event
  useEffect(() => {
    if (key === undefined || key === last.current) return
    last.current = key
    const value = build.current()
    if (value !== undefined) emit?.(value)
  }, [key, emit])
}

type Emit = ((event: WidgetEvent) => void) | undefined

/**
 * Tells the widget's host what happens in the swap card (nothing outside the widget): tokens chosen, each quote
 * shown (`quoteReceived`, again on every refresh), the route the user picks, a high price impact on screen,
 * approval and swap progress with hashes and amounts. Effects watch the card's state, so the card only adds
 * `swapStarted(quote)` where it sends a swap. Amounts are base units as decimal strings.
 */
export function useWidgetSwapEvents(params: {
  chainId: number
  from: TokenRecord | undefined
  to: TokenRecord | undefined
  quote: SingleQuote | undefined
  quoteReady: boolean
  exchangeId: string | undefined
  owner: string | undefined
  approval: ApprovalProgress
  swap: SwapProgress
}): { swapStarted: (quote: SingleQuote) => void } {
  const emit = useWidget()?.emit
  const { chainId, from, to, quote, approval, swap } = params
  const started = useRef<SingleQuote | undefined>(undefined)

  useEmitOnChange(
    from === undefined ? undefined : `${chainId}:${from.address}`,
    () =>
      from === undefined
        ? undefined
        : { name: 'tokenChanged', chainId, side: 'from', token: fromRecord(from) },
    emit,
  )
  useEmitOnChange(
    to === undefined ? undefined : `${chainId}:${to.address}`,
    () =>
      to === undefined ? undefined : { name: 'tokenChanged', chainId, side: 'to', token: fromRecord(to) },
    emit,
  )
  const quoteKey =
    params.quoteReady && quote !== undefined
      ? `${quote.exchangeId}:${quote.fromTokenAmount}:${quote.toTokenAmount}:${quote.transactionData.info.requestId}`
      : undefined
  useEmitOnChange(
    quoteKey,
    () =>
      quote === undefined
        ? undefined
        : {
            name: 'quoteReceived',
            chainId,
            from: fromQuoteToken(quote.tokenFrom),
            to: fromQuoteToken(quote.tokenTo),
            amountIn: quote.fromTokenAmount,
            amountOut: quote.toTokenAmount,
            exchangeId: quote.exchangeId,
            priceImpact: quote.priceImpact,
          },
    emit,
  )
  useEmitOnChange(
    params.quoteReady && quote !== undefined && getPriceImpactLevel(quote.priceImpact) !== 'low'
      ? `${quote.exchangeId}:${quote.fromTokenAmount}:${quote.priceImpact}`
      : undefined,
    () =>
      quote === undefined
        ? undefined
        : { name: 'highPriceImpact', chainId, exchangeId: quote.exchangeId, priceImpact: quote.priceImpact },
    emit,
  )
  useEmitOnChange(
    params.exchangeId,
    () =>
      params.exchangeId === undefined
        ? undefined
        : { name: 'routeSelected', chainId, exchangeId: params.exchangeId },
    emit,
  )

  const approvalKey =
    approval.phase === 'preparing'
      ? 'started'
      : approval.phase === 'done' || approval.phase === 'failed'
        ? approval.phase
        : undefined
  useEmitOnChange(
    approvalKey === undefined ? undefined : `${approvalKey}:${JSON.stringify(approval)}`,
    () => {
      if (from === undefined || params.owner === undefined) return undefined
      if (approval.phase === 'preparing')
        return { name: 'approvalStarted', chainId, token: fromRecord(from), owner: getAddress(params.owner) }
      if (approval.phase === 'done')
        return {
          name: 'approvalFinished',
          chainId,
          token: fromRecord(from),
          hashes: [...approval.hashes],
          ok: true,
        }
      if (approval.phase === 'failed')
        return {
          name: 'approvalFinished',
          chainId,
          token: fromRecord(from),
          hashes: [...(approval.hashes ?? [])],
          ok: false,
        }
      return undefined
    },
    emit,
  )

  const swapKey =
    swap.phase === 'pending'
      ? `pending:${swap.hash}`
      : swap.phase === 'confirmed'
        ? `confirmed:${swap.hash}`
        : swap.phase === 'failed'
          ? `failed:${swap.hash ?? ''}:${String(swap.error)}`
          : undefined
  useEmitOnChange(
    swapKey,
    () => {
      if (swap.phase === 'pending')
        return { name: 'swapUpdated', chainId, hash: swap.hash, status: 'pending' }
      if (swap.phase === 'failed')
        return { name: 'swapFailed', chainId, hash: swap.hash, message: getErrorMessage(swap.error).message }
      const sent = started.current
      if (swap.phase !== 'confirmed' || sent === undefined) return undefined
      return {
        name: 'swapCompleted',
        chainId,
        hash: swap.hash,
        from: fromQuoteToken(sent.tokenFrom),
        to: fromQuoteToken(sent.tokenTo),
        amountIn: sent.fromTokenAmount,
        amountOut: (swap.received ?? BigInt(sent.toTokenAmount)).toString(),
      }
    },
    emit,
  )

  return {
    swapStarted: (sent) => {
      started.current = sent
      emit?.({
        name: 'swapStarted',
        chainId,
        from: fromQuoteToken(sent.tokenFrom),
        to: fromQuoteToken(sent.tokenTo),
        amountIn: sent.fromTokenAmount,
        quotedAmountOut: sent.toTokenAmount,
        exchangeId: sent.exchangeId,
      })
    },
  }
}
