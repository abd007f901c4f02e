import type { Hex } from 'viem'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import { SwapSteps } from '../../swap'
import type { CrossQuote } from '../api/fetchCrossQuotes'
import { useCrossSend } from '../hooks/useCrossSend'

/**
 * The review's action for an EVM source: the numbered steps (the approval when the token needs one, then the
 * trade) with their states and hashes, errors, and the button that runs them.
 */
export function CrossSendFooter(props: {
  chainId: number
  offer: CrossQuote
  fromAddress: string
  exactOut: boolean
  symbols: { from: string; to: string }
  confirmed: boolean
  buttonClass: string
  onSent: (hash: Hex) => void
}) {
  const send = useCrossSend(props)
  const needsApproval = send.steps.some((step) => step.kind === 'approve' && step.state !== 'done')
  const error = send.error ?? send.prepared.error
  return (
    <>
      {send.steps.length > 1 && <SwapSteps steps={send.steps} symbols={props.symbols} />}
      {error !== null && error !== undefined && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {getErrorMessage(error).message}
        </p>
      )}
      <button
        type="button"
        disabled={!props.confirmed || send.busy || send.prepared.data === undefined}
        onClick={() => void send.send()}
        className={props.buttonClass}
      >
        {send.prepared.isPending
          ? 'Preparing…'
          : send.busy
            ? 'Confirm in your wallet…'
            : needsApproval
              ? `Approve ${props.symbols.from} and swap`
              : 'Confirm swap'}
      </button>
    </>
  )
}
