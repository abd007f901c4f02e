import { useQuery } from '@tanstack/react-query'
import { fetchCrossTx } from '../api/fetchCrossTx'
import { describeCrossStatus } from '../model/describeCrossStatus'

const stages = ['Sent', 'In flight', 'Arrived'] as const

/**
 * Follows a cross-chain trade by its origin transaction: polls `info/tx` every three seconds until it is
 * delivered or failed, and shows the stage, both transaction ids and what the receiver got.
 */
export function CrossProgress({ txHash, onDone }: { txHash: string; onDone: () => void }) {
  const tx = useQuery({
    queryKey: ['crossTx', txHash],
    queryFn: ({ signal }) => fetchCrossTx({ txHash, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status
      return status === 'DELIVERED' || status === 'FAILED' ? false : 3_000
    },
  })
  const view = describeCrossStatus(tx.data)
  return (
    <section aria-label="Cross-chain progress" className="space-y-3">
      <ol className="flex gap-2 text-xs">
        {stages.map((stage, index) => (
          <li
            key={stage}
            aria-current={index === view.stage ? 'step' : undefined}
            className={`flex-1 rounded-md px-2 py-1 text-center ${index <= view.stage ? 'bg-accent text-accent-fg' : 'bg-surface text-muted'}`}
          >
            {stage}
          </li>
        ))}
      </ol>
      <p
        role="status"
        className={`text-sm ${view.tone === 'danger' ? 'text-danger' : view.tone === 'success' ? 'text-success' : ''}`}
      >
        {view.label}
      </p>
      <dl className="space-y-1 text-xs text-muted">
        <div>
          <dt className="inline">Origin transaction: </dt>
          <dd className="inline break-all font-mono">{txHash}</dd>
        </div>
        {tx.data?.dstTxHash != null && (
          <div>
            <dt className="inline">Destination transaction: </dt>
            <dd className="inline break-all font-mono">{tx.data.dstTxHash}</dd>
          </div>
        )}
        {tx.data?.amountReceived != null && (
          <div>
            <dt className="inline">Received (base units): </dt>
            <dd className="inline font-mono">{tx.data.amountReceived}</dd>
          </div>
        )}
      </dl>
      {view.stage === 2 && (
        <button type="button" onClick={onDone} className="rounded-lg border border-line px-3 py-2 text-sm">
          New trade
        </button>
      )}
    </section>
  )
}
