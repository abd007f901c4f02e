import type { ChainRecord } from '../../../lib/api'

const inputClass = 'mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2 font-mono text-xs text-fg'

/**
 * The receiver on the destination (its placeholder the address used when left empty) and, from a UTXO or
 * Cosmos source, the address refunds go to. `receiverErrorId` names the quote error that faults the receiver.
 */
export function CrossAddressFields(props: {
  source: ChainRecord
  destination: ChainRecord
  receiverText: string
  onReceiverChange: (text: string) => void
  receiverErrorId: string | undefined
  refundText: string
  onRefundChange: (text: string) => void
  account: string | undefined
  destinationDevnetAddress: string | undefined
  sourceDevnetAddress: string | undefined
}) {
  const { source, destination } = props
  return (
    <>
      <label className="block text-xs font-medium text-muted">
        Receiver on {destination.name}
        <input
          value={props.receiverText}
          onChange={(event) => props.onReceiverChange(event.target.value)}
          aria-invalid={props.receiverErrorId !== undefined}
          aria-describedby={props.receiverErrorId}
          placeholder={
            destination.family === 'evm'
              ? (props.account ?? '0x…')
              : (props.destinationDevnetAddress ?? `${destination.name} address`)
          }
          spellCheck={false}
          className={inputClass}
        />
      </label>
      {source.family !== 'evm' && (
        <label className="block text-xs font-medium text-muted">
          Your {source.name} address (refunds)
          <input
            value={props.refundText}
            onChange={(event) => props.onRefundChange(event.target.value)}
            placeholder={props.sourceDevnetAddress ?? `${source.name} address`}
            spellCheck={false}
            className={inputClass}
          />
        </label>
      )}
    </>
  )
}
