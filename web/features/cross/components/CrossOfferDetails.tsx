import type { ChainRecord, TokenRecord } from '../../../lib/api'
import type { CrossQuote } from '../api/crossQuote'
import type { CrossToken } from '../model/CrossToken'
import { computeCrossFeesUsd } from '../model/computeCrossFeesUsd'
import { getCrossFeePrices } from '../model/getCrossFeePrices'
import { getCrossMinimumReceived } from '../model/getCrossMinimumReceived'
import { getOfferPriceImpact } from '../model/getOfferPriceImpact'
import { CrossCostDetails } from './CrossCostDetails'

/** The cost details of `offer` (minimum received, impact, slippage, fees in USD priced from both token lists). */
export function CrossOfferDetails(props: {
  offer: CrossQuote
  source: ChainRecord
  destination: ChainRecord
  from: CrossToken
  to: CrossToken
  sourceTokens: readonly TokenRecord[]
  destinationTokens: readonly TokenRecord[]
  slippagePercent: number
  autoSlippage: boolean
}) {
  const { offer: q, source, destination, from, to } = props
  const fees = computeCrossFeesUsd({
    fees: q.fees,
    prices: getCrossFeePrices({
      lists: [
        { chainId: source.chainId, tokens: props.sourceTokens },
        { chainId: destination.chainId, tokens: props.destinationTokens },
      ],
      sides: [
        { chainId: source.chainId, token: from, amount: BigInt(q.tradeParams.amount), usd: q.fromAmountUsd },
        {
          chainId: destination.chainId,
          token: to,
          amount: BigInt(q.dstTrade.toTokenAmount),
          usd: q.toAmountUsd,
        },
      ],
    }),
  })
  return (
    <CrossCostDetails
      minimumReceived={getCrossMinimumReceived(q)}
      to={to}
      priceImpact={getOfferPriceImpact(q)}
      slippagePercent={props.slippagePercent}
      autoSlippage={props.autoSlippage}
      fees={fees}
    />
  )
}
