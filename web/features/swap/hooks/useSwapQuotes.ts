import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { TokenRecord } from '../../../lib/api'
import { useDebouncedValue } from '../../../lib/useDebouncedValue'
import { singleQuotesQueryOptions } from '../api/singleQuotesQueryOptions'
import { parseAmountInput } from '../model/parseAmountInput'
import { resolveSlippagePercent, type SlippageSetting } from '../model/slippage'
import type { SingleQuote, SwapSide } from '../types'

/** Input debounce before a quote is requested. */
export const quoteDebounceMs = 250

/**
 * The quotes for the form: the typed amount is parsed in the typed token's decimals and debounced, slippage is
 * the custom value or (auto) the latest recommendation for this pair; previous quotes stay visible, flagged
 * `isStale`, while new ones load. `selected` is the chosen exchange's quote, else the best.
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
  const pairKey = `${chainId}:${from?.address}:${to?.address}`
  const [recommendation, setRecommendation] = useState<{ pairKey: string; percent: number }>()
  const slippagePercent = resolveSlippagePercent({
    setting: params.slippage,
    recommendedPercent: recommendation?.pairKey === pairKey ? recommendation.percent : undefined,
  })
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
    }),
    enabled,
    placeholderData: keepPreviousData,
  })
  const best = query.isPlaceholderData ? undefined : query.data?.[0]
  useEffect(() => {
    if (best !== undefined && recommendation?.percent !== best.recommendedSlippage)
      setRecommendation({ pairKey, percent: best.recommendedSlippage })
  }, [best, pairKey, recommendation])

  const quotes: SingleQuote[] = enabled && amount !== undefined ? (query.data ?? []) : []
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
    isFetching: query.isFetching,
    updatedAtMs: query.dataUpdatedAt,
    refetch: () => void query.refetch(),
    recommendedPercent: recommendation?.pairKey === pairKey ? recommendation.percent : undefined,
  }
}
