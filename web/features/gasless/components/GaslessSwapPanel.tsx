import type { HexAddress, TokenRecord } from '../../../lib/api'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import { useGaslessSwap } from '../hooks/useGaslessSwap'
import { describeGaslessStatus } from '../model/describeGaslessStatus'
import { GaslessOrderStatus } from './GaslessOrderStatus'

const buttonClass =
  'w-full rounded-xl bg-accent px-4 py-3 font-semibold text-accent-fg disabled:cursor-not-allowed disabled:bg-line disabled:text-muted'

/**
 * The gasless path of the swap card, in place of the review button: the relayer's fee (in the token sold,
 * instead of gas), the minimum received, the one-time Permit2 approval when the token needs it, then one
 * signature; after it, the order's status with cancel, and a button to start over.
 */
export function GaslessSwapPanel(props: {
  chainId: number
  from: TokenRecord
  to: TokenRecord
  amount: bigint | undefined
  account: HexAddress
  slippage: number | undefined
  onDone: () => void
}) {
  const { from, to } = props
  const gasless = useGaslessSwap({ ...props, enabled: true })
  const { estimate, progress } = gasless
  const data = estimate.data

  if (progress.phase === 'submitted') {
    const status = gasless.order.data?.status
    const final = status !== undefined && describeGaslessStatus(status).final
    return (
      <div className="space-y-3">
        <GaslessOrderStatus
          order={gasless.order.data}
          symbols={{ from: from.symbol, to: to.symbol }}
          decimals={{ from: from.decimals, to: to.decimals }}
          onCancel={() => void gasless.cancel()}
          cancelling={gasless.cancelling}
          cancelError={gasless.cancelError}
        />
        {final && (
          <button
            type="button"
            className={buttonClass}
            onClick={() => {
              gasless.reset()
              props.onDone()
            }}
          >
            New gasless swap
          </button>
        )}
      </div>
    )
  }

  const busy = progress.phase === 'approving' || progress.phase === 'signing'
  const needsApproval = data?.permit2.approvalNeeded === true && !data.eip2612Permit
  return (
    <div className="space-y-3" aria-busy={estimate.isFetching}>
      {data !== undefined && (
        <dl aria-label="Gasless order" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted">Network fee</dt>
          <dd className="text-right">None: the relayer pays the gas</dd>
          <dt className="text-muted">Relayer fee</dt>
          <dd className="text-right tabular-nums">
            {formatTokenAmount({ amount: BigInt(data.fee), decimals: from.decimals, roundingMode: 'ceil' })}{' '}
            {from.symbol}
          </dd>
          <dt className="text-muted">Expected</dt>
          <dd className="text-right tabular-nums">
            {formatTokenAmount({ amount: BigInt(data.amountOut), decimals: to.decimals })} {to.symbol}
          </dd>
          <dt className="text-muted">Minimum received</dt>
          <dd className="text-right tabular-nums">
            {formatTokenAmount({
              amount: BigInt(data.amountOutMin),
              decimals: to.decimals,
              roundingMode: 'trunc',
            })}{' '}
            {to.symbol}
          </dd>
        </dl>
      )}
      {estimate.isPending && props.amount !== undefined && (
        <p role="status" className="text-sm text-muted">
          Pricing the relayer's fee…
        </p>
      )}
      {estimate.error !== null && (
        <p role="alert" className="rounded-lg border border-danger/40 p-3 text-sm text-danger">
          {getErrorMessage(estimate.error).message}
        </p>
      )}
      {progress.phase === 'failed' && (
        <p role="alert" className="rounded-lg border border-danger/40 p-3 text-sm text-danger">
          {getErrorMessage(progress.error).message}
        </p>
      )}
      {data?.permit2.approvalNeeded === true && data.eip2612Permit && (
        <p className="text-sm text-muted">
          {from.symbol} has its own permit: you sign it with the order, and send no transaction at all.
        </p>
      )}
      {needsApproval ? (
        <>
          <p className="text-sm text-muted">
            First time with {from.symbol}: approve it for Permit2 once (a normal transaction). After that,
            every gasless order is one signature.
          </p>
          <button
            type="button"
            className={buttonClass}
            disabled={busy}
            onClick={() => void gasless.approve()}
          >
            {progress.phase === 'approving'
              ? `Approving ${from.symbol}…`
              : `Approve ${from.symbol} for Permit2`}
          </button>
        </>
      ) : (
        <button
          type="button"
          className={buttonClass}
          disabled={busy || data === undefined}
          onClick={() => void gasless.sign()}
        >
          {progress.phase === 'signing' ? 'Confirm in your wallet…' : 'Sign gasless order'}
        </button>
      )}
    </div>
  )
}
