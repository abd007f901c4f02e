import type { Hex } from 'viem'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import { SwapSteps } from '../../swap'
import type { CrossQuote } from '../api/crossQuote'
import { useCrossSend } from '../hooks/useCrossSend'
import type { CrossToken } from '../model/CrossToken'

/**
 * The review's action for an EVM source: the numbered steps (the approval when the token needs one, then the
 * trade) with their states and hashes, errors, and the button that runs them.
 */
export function CrossSendFooter(props: {
  chainId: number
  offer: CrossQuote
  from: CrossToken
  exactOut: boolean
  symbols: { from: string; to: string }
  confirmed: boolean
  buttonClass: string
  onSent: (hash: Hex) => void
}) {
  const send = useCrossSend(props)
  const error = send.error
  return (
    <>
      {send.steps.length > 1 && <SwapSteps steps={send.steps} symbols={props.symbols} />}
      {error !== undefined && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {getErrorMessage(error).message}
        </p>
      )}
      <button
        type="button"
        disabled={!props.confirmed || send.busy || !send.isReady}
        onClick={() => void send.send()}
        className={props.buttonClass}
      >
        {send.isPreparing
          ? 'Preparing…'
          : send.busy
            ? 'Confirm in your wallet…'
            : send.needsApproval
              ? `Approve ${props.symbols.from} and swap`
              : 'Confirm swap'}
      </button>
    </>
  )
}
