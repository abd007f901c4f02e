import { queryOptions } from '@tanstack/react-query'
import { fetchCrossRetry } from './fetchCrossRetry'

/**
 * Query options for the retry transaction of the trade started by `txHash` (`fetchCrossRetry`): the chain, `to`,
 * `data`, `value` (wei) and `gas` as bigints. Read afresh each time it is shown (the chain decides whether a compose
 * still waits), never retried: a failure is shown.
 */
export function crossRetryQueryOptions(txHash: string) {
  return queryOptions({
    queryKey: ['crossRetry', txHash] as const,
    queryFn: async ({ signal }) => {
      const retry = await fetchCrossRetry({ txHash, signal })
      return {
        chainId: retry.chainId,
        to: retry.to,
        data: retry.data,
        value: BigInt(retry.value),
        gas: BigInt(retry.gasLimit),
      }
    },
    staleTime: 0,
    retry: false,
  })
}
