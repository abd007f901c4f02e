import { getErrorMessage } from '../../../lib/getErrorMessage'
import { useCrossRetry } from '../hooks/useCrossRetry'

/**
 * The action of a trade whose delivery failed on `chainName` (its LayerZero compose ran out of gas): a "Retry
 * delivery" button that sends the delivery again from the connected wallet (`useCrossRetry`), then what became of
 * it. The progress view around it follows the trade on to delivered.
 */
export function CrossRetryDelivery(props: { txHash: string; chainName: string }) {
  const { ready, loadError, connected, progress, retry } = useCrossRetry({
    txHash: props.txHash,
    enabled: true,
  })
  const busy = progress.phase === 'wallet' || progress.phase === 'pending'
  const sent = progress.phase === 'confirmed'
  const error = progress.phase === 'failed' ? progress.error : loadError
  return (
    <div className="space-y-2" data-testid="cross-retry-delivery">
      <button
        type="button"
        onClick={() => void retry()}
        disabled={!ready || !connected || busy || sent}
        className="block w-full rounded-lg bg-accent px-3 py-2 text-center text-sm font-semibold text-accent-fg disabled:opacity-50"
      >
        {progress.phase === 'wallet'
          ? 'Confirm in your wallet'
          : progress.phase === 'pending'
            ? 'Retrying delivery…'
            : 'Retry delivery'}
      </button>
      {!connected && <p className="text-xs text-muted">Connect a wallet to retry the delivery.</p>}
      {sent && (
        <p className="text-xs text-muted">
          Delivery sent again on {props.chainName}: waiting for the trade to show as delivered.
        </p>
      )}
      {error !== undefined && (
        <p role="alert" className="text-xs text-danger">
          {getErrorMessage(error).message}
        </p>
      )}
    </div>
  )
}
