import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { TokenRecord } from '../../../lib/api'
import { useDebouncedValue } from '../../../lib/useDebouncedValue'
import type { SwapIntegrator } from '../api/fetchSingleQuotes'
import { singleQuotesQueryOptions } from '../api/singleQuotesQueryOptions'
import { applySlippage } from '../model/applySlippage'
import { parseAmountInput } from '../model/parseAmountInput'
/** Input debounce before a quote is requested. */
import { quoteDebounceMs } from '../model/quoteDebounceMs'
import { defaultSlippagePercent, type SlippageSetting } from '../model/slippage'
import type { SingleQuote, SwapSide } from '../types'

/**
 * The quotes for the form: the typed amount is parsed in the typed token's decimals and debounced; previous
 * quotes stay visible, flagged `isStale`, while new ones load. Slippage is the custom value, or (auto) each
 * quote's own `recommendedSlippage` applied to that answer in the browser (`applySlippage`: minimum received,
 * maximum sold and the transaction bound move together), so auto needs one request and no second round trip.
 * `selected` is the chosen exchange's quote, else the best. When a refresh fails the last quotes stay, flagged
 * `refreshFailed`, so the card can grey them out and offer a retry.
 */
export function useSwapQuotes(params: {
  chainId: number
  from: TokenRecord | undefined
  to: TokenRecord | undefined
  amountText: string
  side: SwapSide
  exchangeId: string | undefined
  slippage: SlippageSetting
  deadlineMinutes: number
  integrator?: SwapIntegrator | undefined
}) {
  const { chainId, from, to, side } = params
  const typedToken = side === 'in' ? from : to
  const amount =
    typedToken === undefined
      ? undefined
      : parseAmountInput({ text: params.amountText, decimals: typedToken.decimals })
  const debounced = useDebouncedValue(`${side}:${amount ?? ''}`, quoteDebounceMs)
  const [debouncedSide, debouncedAmountText] = debounced.split(':') as [SwapSide, string]
  const settled = debounced === `${side}:${amount ?? ''}`
  const auto = params.slippage.mode === 'auto'
  const slippagePercent = params.slippage.mode === 'custom' ? params.slippage.percent : defaultSlippagePercent
  const enabled = from !== undefined && to !== undefined && debouncedAmountText !== ''
  const query = useQuery({
    ...singleQuotesQueryOptions({
      chainId,
      fromTokenAddress: from?.address ?? '0x0000000000000000000000000000000000000000',
      toTokenAddress: to?.address ?? '0x0000000000000000000000000000000000000000',
      amount: enabled ? BigInt(debouncedAmountText) : 0n,
      side: debouncedSide,
      slippagePercent,
      deadlineMinutes: params.deadlineMinutes,
      integrator: params.integrator,
    }),
    enabled,
    placeholderData: keepPreviousData,
  })
  const data = query.data
  const adjusted = useMemo(
    () =>
      auto
        ? data?.map((quote) => applySlippage({ quote, slippagePercent: quote.recommendedSlippage }))
        : data,
    [auto, data],
  )
  const quotes: SingleQuote[] = enabled && amount !== undefined ? (adjusted ?? []) : []
  const selected = quotes.find((q) => q.exchangeId === params.exchangeId) ?? quotes[0]
  const isStale = query.isPlaceholderData || !settled
  return {
    amount,
    quotes,
    selected,
    isStale,
    state: (amount === undefined || !enabled
      ? 'idle'
      : query.isError && !query.isFetching
        ? 'error'
        : selected === undefined || isStale
          ? 'loading'
          : 'ready') as 'idle' | 'loading' | 'error' | 'ready',
    error: query.error,
    /** A refresh of quotes already shown failed: they are out of date and must not be reviewed. */
    refreshFailed: query.isError && !query.isPlaceholderData && query.data !== undefined && enabled,
    isFetching: query.isFetching,
    updatedAtMs: query.dataUpdatedAt,
    refetch: () => void query.refetch(),
    recommendedPercent: query.isPlaceholderData ? undefined : selected?.recommendedSlippage,
  }
}
