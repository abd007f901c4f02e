import { queryOptions } from '@tanstack/react-query'
import { checkExactOutSwap } from '../model/checkExactOutSwap'
import type { CrossQuote } from './crossQuote'
import { fetchCrossSwap } from './fetchCrossSwap'

/**
 * Query options for the EVM transaction of a reviewed offer (`fetchCrossSwap` for `account`): `to`, `data`,
 * `value` (wei) and the provider's contract to approve, if any. Fetched once (the offer taken is the one shown),
 * never retried. Fails when the answer carries no EVM transaction and, for an exact output, as `checkExactOutSwap`.
 */
export function crossTransactionQueryOptions(params: {
  offer: CrossQuote
  account: string
  exactOut: boolean
}) {
  const { offer, account } = params
  return queryOptions({
    queryKey: ['crossPrepared', offer.transactionData, account] as const,
    queryFn: async () => {
      const swap = await fetchCrossSwap({ quote: offer, account })
      if (swap.to === undefined || typeof swap.data !== 'string')
        throw new Error('The answer has no EVM transaction')
      if (params.exactOut) checkExactOutSwap(swap, BigInt(offer.dstTrade.toTokenAmount))
      return {
        to: swap.to,
        data: swap.data,
        value: BigInt(swap.nativeValue ?? '0'),
        spender: swap.approvalAddress,
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}
