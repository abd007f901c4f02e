import type { Markets } from '../market/createMarkets'
import type { ProviderQuote } from '../providers/types'
import { type CrossLegAnswer, formatCrossLeg } from './formatCrossLeg'
import { listCrossLegAlternatives } from './listCrossLegAlternatives'

/** A side of a trade without a swap: what enters it and what leaves it. */
export interface PlainCrossSide {
  fromTokenAmount: string
  toTokenAmount: string
}

/** The two sides of a cross-chain quote as the compatible API shows them, with the swaps each could take. */
export interface CrossSides {
  srcTrade: CrossLegAnswer | PlainCrossSide
  dstTrade: CrossLegAnswer | PlainCrossSide
  srcTradeList: CrossLegAnswer[]
  dstTradeList: CrossLegAnswer[]
}

const plainSide = (amount: bigint): PlainCrossSide => ({
  fromTokenAmount: amount.toString(),
  toTokenAmount: amount.toString(),
})

/**
 * `srcTrade`, `dstTrade`, `srcTradeList` and `dstTradeList` of a quote: a side with a swap (`route.sourceLeg`,
 * `route.destinationLeg`) in the single-chain quote's shape (`formatCrossLeg`; `srcTrade.tokenTo` and
 * `dstTrade.tokenFrom` say that side swaps), its list the quote's path first and then every other exchange's
 * (`listCrossLegAlternatives`, at `slippage`; with `lists: false` only the quote's path); a side without one
 * only its amounts (the input, or the output) and an empty list.
 */
export function describeCrossSides(
  markets: Markets,
  quote: ProviderQuote,
  slippage: number,
  options: { lists?: boolean } = {},
): CrossSides {
  const source = quote.route?.sourceLeg
  const destination = quote.route?.destinationLeg
  const listOf = (leg: NonNullable<typeof source>) => {
    const market = markets.get(leg.chainId)
    const legs = options.lists === false ? [leg] : listCrossLegAlternatives(market, leg, slippage)
    return legs.map((each) => formatCrossLeg(market, each))
  }
  const srcTradeList = source === undefined ? [] : listOf(source)
  const dstTradeList = destination === undefined ? [] : listOf(destination)
  return {
    srcTrade: srcTradeList[0] ?? plainSide(quote.request.amountIn),
    dstTrade: dstTradeList[0] ?? plainSide(quote.amountOut),
    srcTradeList,
    dstTradeList,
  }
}
