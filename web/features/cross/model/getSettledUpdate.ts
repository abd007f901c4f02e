/**
 * The record update of a settled trade: success when delivered (with the amount received, when known), else
 * failed, with the amount refunded on the source chain when there is one.
 */
export function getSettledUpdate(settled: {
  delivered: boolean
  amountReceived: string | undefined
  refunded: string | undefined
}): {
  status: 'success' | 'failed'
  received?: string
  refunded?: string
} {
  return {
    status: settled.delivered ? 'success' : 'failed',
    ...(settled.delivered && settled.amountReceived !== undefined
      ? { received: settled.amountReceived }
      : {}),
    ...(settled.refunded === undefined ? {} : { refunded: settled.refunded }),
  }
}
