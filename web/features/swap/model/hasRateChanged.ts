import type { SingleQuote } from '../types'

/**
 * True when `current` trades different amounts than the quote the user reviewed (`accepted`): any change of
 * the input, output or slippage bound must be accepted again before swapping.
 */
export function hasRateChanged(params: { accepted: SingleQuote; current: SingleQuote }): boolean {
  const { accepted, current } = params
  return (
    accepted.fromTokenAmount !== current.fromTokenAmount ||
    accepted.toTokenAmount !== current.toTokenAmount ||
    accepted.deltaAmount !== current.deltaAmount
  )
}
