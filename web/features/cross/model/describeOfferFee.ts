import { formatTokenAmount } from '../../../lib/formatTokenAmount'

/**
 * An offer's fee as its row reads it: "in the amount" when the provider takes it from the tokens sent
 * (`nativeFee` "0"), else the wei paid beside them in the source chain's native coin (`nativeSymbol`).
 */
export function describeOfferFee(nativeFee: string, nativeSymbol: string): string {
  return nativeFee === '0'
    ? 'in the amount'
    : `${formatTokenAmount({ amount: BigInt(nativeFee), decimals: 18 })} ${nativeSymbol}`
}
