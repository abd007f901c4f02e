import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import type { GaslessOrderView } from '../api/fetchGaslessOrder'
import { describeGaslessStatus } from '../model/describeGaslessStatus'

const badge = {
  pending: 'bg-line text-fg',
  processing: 'bg-line text-fg',
  completed: 'bg-accent text-accent-fg',
  cancelled: 'bg-line text-muted',
  failed: 'bg-danger/15 text-danger',
} as const

/**
 * The status view of a submitted gasless order: its state (pending, processing, completed, cancelled, failed
 * with the reason), the amount received once completed and the settlement transaction, with a cancel button
 * while the order is pending.
 */
export function GaslessOrderStatus({
  order,
  symbols,
  decimals,
  onCancel,
  cancelling,
  cancelError,
}: {
  order: GaslessOrderView | undefined
  symbols: { from: string; to: string }
  decimals: { from: number; to: number }
  onCancel: () => void
  cancelling: boolean
  cancelError: unknown
}) {
  if (order === undefined) {
    return (
      <p role="status" className="text-sm text-muted">
        Order submitted. Loading its status…
      </p>
    )
  }
  const words = describeGaslessStatus(order.status)
  return (
    <section
      aria-label="Gasless order status"
      className="space-y-2 rounded-lg border border-line p-3 text-sm"
    >
      <p className="flex items-center justify-between gap-2">
        <span className="font-semibold">Gasless order</span>
        <span
          role="status"
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge[order.status]}`}
        >
          {words.label}
        </span>
      </p>
      <p className="text-muted">{words.detail}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted">You pay</dt>
        <dd className="text-right tabular-nums">
          {formatTokenAmount({ amount: BigInt(order.amount), decimals: decimals.from })} {symbols.from}
        </dd>
        <dt className="text-muted">Relayer fee</dt>
        <dd className="text-right tabular-nums">
          {formatTokenAmount({ amount: BigInt(order.fee), decimals: decimals.from, roundingMode: 'ceil' })}{' '}
          {symbols.from}
        </dd>
        {order.amountOut === null ? (
          <>
            <dt className="text-muted">Minimum received</dt>
            <dd className="text-right tabular-nums">
              {formatTokenAmount({
                amount: BigInt(order.amountOutMin),
                decimals: decimals.to,
                roundingMode: 'trunc',
              })}{' '}
              {symbols.to}
            </dd>
          </>
        ) : (
          <>
            <dt className="text-muted">Received</dt>
            <dd className="text-right tabular-nums">
              {formatTokenAmount({ amount: BigInt(order.amountOut), decimals: decimals.to })} {symbols.to}
            </dd>
          </>
        )}
        {order.txCompleted !== null && (
          <>
            <dt className="text-muted">Transaction</dt>
            <dd className="text-right">
              <code title={order.txCompleted} className="font-mono">
                {`${order.txCompleted.slice(0, 10)}…${order.txCompleted.slice(-8)}`}
              </code>
            </dd>
          </>
        )}
      </dl>
      {order.status === 'failed' && order.failureMsg !== null && (
        <p role="alert" className="text-danger">
          {order.failureMsg}
        </p>
      )}
      {words.cancellable && (
        <button
          type="button"
          onClick={onCancel}
          disabled={cancelling}
          className="w-full rounded-lg border border-line px-3 py-2 font-semibold hover:bg-surface disabled:opacity-60"
        >
          {cancelling ? 'Cancelling…' : 'Cancel order'}
        </button>
      )}
      {cancelError !== undefined && (
        <p role="alert" className="text-danger">
          {getErrorMessage(cancelError).message}
        </p>
      )}
    </section>
  )
}
