import { queryOptions, experimental_streamedQuery as streamedQuery } from '@tanstack/react-query'
import type { CrossQuote } from './crossQuote'
import { streamCrossQuotes } from './streamCrossQuotes'

/** How often the offers refresh while the form shows them. */
export const crossQuoteRefreshMs = 20_000

/**
 * Query options for every provider's offer on a cross-chain trade, streamed (`streamCrossQuotes`): keyed on every parameter that shapes the
 * answer, refreshed every `crossQuoteRefreshMs`, never retried (an error names the field to fix). The caller
 * enables it only once `amount` and `receiver` are known; no sender is sent (the answer needs no transaction).
 */
export function crossQuotesQueryOptions(params: {
  sourceChainId: number
  destinationChainId: number
  fromTokenAddress: string
  toTokenAddress: string
  amount: bigint | undefined
  isExactOut: boolean
  receiver: string | undefined
  slippagePercent: number
}) {
  return queryOptions({
    queryKey: [
      'crossQuotes',
      params.sourceChainId,
      params.destinationChainId,
      params.fromTokenAddress,
      params.toTokenAddress,
      String(params.amount),
      params.isExactOut,
      params.receiver,
      params.slippagePercent,
    ] as const,
    // offers show as their providers answer; a refresh keeps the last list until its stream has ended
    queryFn: streamedQuery({
      streamFn: ({ signal }) =>
        streamCrossQuotes({
          ...params,
          amount: params.amount ?? 0n,
          sender: undefined,
          receiver: params.receiver ?? '',
          signal,
        }),
      reducer: (_shown: CrossQuote[], offers: CrossQuote[]) => offers,
      initialValue: [],
      refetchMode: 'replace',
    }),
    refetchInterval: crossQuoteRefreshMs,
    retry: false,
  })
}
