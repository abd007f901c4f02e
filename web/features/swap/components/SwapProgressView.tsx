import { TxHash } from '../../../components/TxHash'
import type { ChainRecord } from '../../../lib/api'
import { ClientError } from '../../../lib/ClientError'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import { useWalletSession } from '../../walletSession'
import type { SwapProgress } from '../hooks/useSwapExecution'
import { getTradeWords } from '../model/getTradeWords'
import { getWrapKind } from '../model/getWrapKind'
import type { SingleQuote } from '../types'

/** Where a sent swap (or wrap, unwrap) stands: waiting for the wallet, pending, confirmed with the received amount, or failed. */
export function SwapProgressView({
  progress,
  quote,
  chain,
  onRetry,
  onDone,
}: {
  progress: Exclude<SwapProgress, { phase: 'idle' }>
  quote: SingleQuote
  chain: ChainRecord
  onRetry: () => void
  onDone: () => void
}) {
  const wallet = useWalletSession()
  const words = getTradeWords(getWrapKind(quote))
  if (progress.phase === 'preparing' || progress.phase === 'wallet' || progress.phase === 'pending')
    return (
      <div role="status" aria-live="polite" className="space-y-2 py-4 text-center">
        <span
          aria-hidden="true"
          className="mx-auto block h-8 w-8 animate-spin rounded-full border-4 border-line border-t-accent"
        />
        <p className="font-semibold">
          {progress.phase === 'preparing'
            ? 'Preparing the transaction…'
            : progress.phase === 'wallet'
              ? `Confirm the ${words.lower} in your wallet`
              : `${words.noun} submitted, waiting for confirmation…`}
        </p>
        {progress.phase === 'wallet' && (
          <p className="text-sm text-muted">
            {words.gerund}{' '}
            {formatTokenAmount({ amount: BigInt(quote.fromTokenAmount), decimals: quote.tokenFrom.decimals })}{' '}
            {quote.tokenFrom.symbol} for {quote.tradeType === 0 ? '≈ ' : ''}
            {formatTokenAmount({
              amount: BigInt(quote.toTokenAmount),
              decimals: quote.tokenTo.decimals,
              roundingMode: 'trunc',
            })}{' '}
            {quote.tokenTo.symbol}
          </p>
        )}
        {progress.phase === 'pending' && <TxHash hash={progress.hash} />}
      </div>
    )
  if (progress.phase === 'confirmed')
    return (
      <div role="status" className="space-y-3 py-2 text-center">
        <p className="text-lg font-semibold text-accent">{words.noun} confirmed</p>
        <p>
          {progress.received === undefined
            ? `The ${words.lower} succeeded.`
            : `You received ${formatTokenAmount({ amount: progress.received, decimals: quote.tokenTo.decimals })} ${quote.tokenTo.symbol}`}
        </p>
        <TxHash hash={progress.hash} />
        <button
          type="button"
          onClick={onDone}
          className="w-full rounded-xl bg-accent px-4 py-3 font-semibold text-accent-fg"
        >
          Done
        </button>
      </div>
    )
  const wrongNetwork =
    progress.error instanceof ClientError &&
    (progress.error.code === 'WRONG_NETWORK' || progress.error.code === 'AGGREGATOR_MISSING')
  return (
    <div className="space-y-3 py-2">
      <p role="alert" className="font-semibold text-danger">
        {progress.hash === undefined ? '' : `${words.noun} failed. `}
        {getErrorMessage(progress.error).message}
      </p>
      {progress.hash !== undefined && <TxHash hash={progress.hash} />}
      {wrongNetwork && (
        <button
          type="button"
          onClick={() => wallet?.switchChain(chain.chainId, onRetry)}
          className="w-full rounded-xl border border-accent px-4 py-3 font-semibold text-accent"
        >
          Switch wallet to {chain.name}
        </button>
      )}
      <button
        type="button"
        onClick={onRetry}
        className="w-full rounded-xl bg-accent px-4 py-3 font-semibold text-accent-fg"
      >
        Try again
      </button>
    </div>
  )
}
