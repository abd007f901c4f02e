import { formatAmountForInput } from '../../../lib/formatAmountForInput'

/** Which field of the cross-chain card the user typed in: the amount paid, or the exact amount received. */
export type CrossAmountSide = 'in' | 'out'

/**
 * What the pay and receive fields of the cross-chain card hold: the typed text in the field typed in, the
 * picked offer's amount in the other (its input `tradeParams.amount` when the receive side was typed, its
 * output `dstTrade.toTokenAmount` otherwise, cut to six fraction digits as an input holds them), empty while
 * there is no offer. Pure.
 */
export function getCrossFieldTexts(params: {
  side: CrossAmountSide
  typed: string
  offer: { tradeParams: { amount: string }; dstTrade: { toTokenAmount: string } } | undefined
  fromDecimals: number
  toDecimals: number
}): { pay: string; receive: string } {
  const { side, typed, offer } = params
  if (side === 'in')
    return {
      pay: typed,
      receive:
        offer === undefined
          ? ''
          : formatAmountForInput({
              amount: BigInt(offer.dstTrade.toTokenAmount),
              decimals: params.toDecimals,
            }),
    }
  return {
    pay:
      offer === undefined
        ? ''
        : formatAmountForInput({
            amount: BigInt(offer.tradeParams.amount),
            decimals: params.fromDecimals,
            // the input an exact output needs is shown in full: cutting it would understate what is paid
            maxFractionDigits: params.fromDecimals,
          }),
    receive: typed,
  }
}
