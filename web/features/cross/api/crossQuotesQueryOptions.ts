import { queryOptions } from '@tanstack/react-query'
import { fetchCrossQuotes } from './fetchCrossQuotes'

/** How often the offers refresh while the form shows them. */
export const crossQuoteRefreshMs = 20_000

/**
 * Query options for every provider's offer on a cross-chain trade: keyed on every parameter that shapes the
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
    queryFn: ({ signal }) =>
      fetchCrossQuotes({
        ...params,
        amount: params.amount ?? 0n,
        sender: undefined,
        receiver: params.receiver ?? '',
        signal,
      }),
    refetchInterval: crossQuoteRefreshMs,
    retry: false,
  })
}
