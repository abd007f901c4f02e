/** The states of a gasless order (the reference's names). */
export type GaslessStatus = 'pending' | 'processing' | 'completed' | 'cancelled' | 'failed'

const words: Record<GaslessStatus, { label: string; detail: string; final: boolean }> = {
  pending: { label: 'Pending', detail: 'Waiting for the relayer. You can still cancel.', final: false },
  processing: {
    label: 'Processing',
    detail: 'The relayer is checking or executing the order. You can cancel until it sends it.',
    final: false,
  },
  completed: { label: 'Completed', detail: 'Filled: the tokens were sent to the receiver.', final: true },
  cancelled: { label: 'Cancelled', detail: 'Cancelled before execution. Nothing was spent.', final: true },
  failed: { label: 'Failed', detail: 'The order was not executed. Nothing was swapped.', final: true },
}

/**
 * What the status view and the history say about a gasless order in `status`: a short label, a sentence, and
 * whether the state is final (no more polling); an order can be cancelled until it ends (the server refuses
 * once the relayer has signed its transaction).
 */
export function describeGaslessStatus(status: GaslessStatus) {
  return { ...words[status], cancellable: !words[status].final }
}
