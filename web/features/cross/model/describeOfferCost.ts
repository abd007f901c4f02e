import { describeCrossCost } from './describeCrossCost'

const nativeAddress = '0x0000000000000000000000000000000000000000'

/** What an offer costs in one line: its input and the provider's native fee (`describeCrossCost`). */
export function describeOfferCost(params: {
  offer: { tradeParams: { amount: string }; nativeFee: string }
  from: { address: string; symbol: string; decimals: number }
  native: { symbol: string; decimals: number }
}): string {
  const { offer, from } = params
  return describeCrossCost({
    amountIn: BigInt(offer.tradeParams.amount),
    nativeFee: BigInt(offer.nativeFee),
    fromIsNative: from.address === nativeAddress,
    from,
    native: params.native,
  })
}
