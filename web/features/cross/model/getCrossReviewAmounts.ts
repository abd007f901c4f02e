import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { formatUsd } from '../../../lib/formatUsd'
import { describeOfferCost } from './describeOfferCost'

/**
 * The review's two amounts of `offer`: what is paid on `sourceName` (`describeOfferCost`) and, approximately,
 * what arrives on `destinationName` (rounded down), each with its USD value when priced.
 */
export function getCrossReviewAmounts(params: {
  offer: {
    tradeParams: { amount: string }
    nativeFee: string
    dstTrade: { toTokenAmount: string }
    fromAmountUsd: number | null
    toAmountUsd: number | null
  }
  from: { address: string; symbol: string; decimals: number }
  to: { symbol: string; decimals: number }
  native: { symbol: string; decimals: number }
  sourceName: string
  destinationName: string
}): { term: string; text: string; usd: string | undefined }[] {
  const { offer, to } = params
  const received = formatTokenAmount({
    amount: BigInt(offer.dstTrade.toTokenAmount),
    decimals: to.decimals,
    roundingMode: 'trunc',
  })
  return [
    {
      term: `You pay on ${params.sourceName}`,
      text: describeOfferCost(params),
      usd: formatUsd({ value: offer.fromAmountUsd }),
    },
    {
      term: `You receive on ${params.destinationName}`,
      text: `≈ ${received} ${to.symbol}`,
      usd: formatUsd({ value: offer.toAmountUsd }),
    },
  ]
}
