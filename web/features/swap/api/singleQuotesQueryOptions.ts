import { queryOptions } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api'
import { fetchSingleQuotes, type SingleQuotesParams } from './fetchSingleQuotes'

/** How often quotes refresh while shown. */
export const quoteRefreshMs = 15_000

/**
 * Query options for a trade's quotes: keyed on every parameter that shapes the answer, refreshed every
 * `quoteRefreshMs`, never retried after a client error (no route, insufficient liquidity, bad input).
 */
export function singleQuotesQueryOptions(params: SingleQuotesParams) {
  return queryOptions({
    queryKey: [
      'singleQuotes',
      params.chainId,
      params.fromTokenAddress,
      params.toTokenAddress,
      params.amount.toString(),
      params.side,
      params.slippagePercent,
      params.deadlineMinutes,
      params.integrator ?? null,
    ] as const,
    queryFn: ({ signal }) => fetchSingleQuotes({ ...params, signal, nowMs: Date.now() }),
    staleTime: quoteRefreshMs,
    refetchInterval: quoteRefreshMs,
    refetchIntervalInBackground: false,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.statusCode < 500) && failureCount < 2,
  })
}
