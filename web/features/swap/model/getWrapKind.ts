/** A quote's conversion kind: native to its wrapped token, the reverse, or a swap through pools. */
export type WrapKind = 'wrap' | 'unwrap' | undefined

/**
 * Whether a quote is a wrap (native in) or an unwrap (native out) rather than a swap: the server answers
 * native against its own wrapped token as a 1:1 route with no legs (`transactionData.call` empty); native
 * currency is the zero address.
 */
export function getWrapKind(quote: {
  transactionData: { call: readonly unknown[] }
  tokenFrom: { contractAddress: string }
}): WrapKind {
  if (quote.transactionData.call.length !== 0) return undefined
  return /^0x0{40}$/.test(quote.tokenFrom.contractAddress) ? 'wrap' : 'unwrap'
}
