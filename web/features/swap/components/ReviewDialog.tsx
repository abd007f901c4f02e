import { TriangleAlert } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Dialog } from '../../../components/Dialog'
import type { ChainRecord, TokenRecord } from '../../../lib/api'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import { useNow } from '../../../lib/useNow'
import type { ApprovalStep } from '../api/fetchApprovalTransaction'
import type { ApprovalProgress } from '../hooks/useApproval'
import type { SwapProgress } from '../hooks/useSwapExecution'
import { getFlowSteps } from '../model/getFlowSteps'
import { getPriceImpactLevel } from '../model/getPriceImpactLevel'
import { getSlippageReviewWarning } from '../model/getSlippageReviewWarning'
import { getWrapKind } from '../model/getWrapKind'
import { hasRateChanged } from '../model/hasRateChanged'
import { isPriceImpactConfirmed } from '../model/isPriceImpactConfirmed'
import { isQuoteExpired } from '../model/quoteTiming'
import type { SingleQuote } from '../types'
import { PriceImpactConfirm } from './PriceImpactConfirm'
import { ReviewDetails } from './ReviewDetails'
import { SwapProgressView } from './SwapProgressView'
import { SwapSteps } from './SwapSteps'

export interface ReviewDialogProps {
  open: boolean
  onClose: () => void
  /** The chosen quote as it is now (refreshed in the background). */
  liveQuote: SingleQuote
  /** Slippage is the quote's recommendation (auto) rather than a custom value. */
  autoSlippage: boolean
  chain: ChainRecord
  /** Known tokens, to name the route's hops. */
  tokens: readonly TokenRecord[]
  progress: SwapProgress
  /** The approval the swap needs first (reset and approve steps), run by Confirm before the swap. */
  approval: ReviewApproval
  onConfirm: (quote: SingleQuote) => void
  onResetProgress: () => void
  onRefreshQuotes: () => void
}

export interface ReviewApproval {
  needed: boolean
  /** The server's preview of the approval steps (undefined while it loads or when none is needed). */
  steps: readonly ApprovalStep[] | undefined
  progress: ApprovalProgress
  unlimited: boolean
  onUnlimitedChange: (unlimited: boolean) => void
}

function isApprovalBusy(progress: ApprovalProgress): boolean {
  return progress.phase === 'preparing' || progress.phase === 'wallet' || progress.phase === 'pending'
}

/**
 * Review of the quote before the wallet prompt, with the numbered steps (approval reset, approval, swap) when an
 * approval is needed; then the swap's progress under the same steps.
 */
export function ReviewDialog(props: ReviewDialogProps) {
  const busy =
    props.progress.phase === 'wallet' ||
    props.progress.phase === 'pending' ||
    props.progress.phase === 'preparing' ||
    isApprovalBusy(props.approval.progress)
  return (
    <Dialog
      open={props.open}
      title={`Review ${getWrapKind(props.liveQuote) ?? 'swap'}`}
      onClose={busy ? () => undefined : props.onClose}
    >
      {props.open && <ReviewBody {...props} />}
    </Dialog>
  )
}

/**
 * The traded amount that moved in a re-quote, rounded in the user's disfavour like the review rows, so the
 * rate is never accepted unseen.
 */
function NewAmount({ quote }: { quote: SingleQuote }) {
  const exactIn = quote.tradeType === 0
  const token = exactIn ? quote.tokenTo : quote.tokenFrom
  const amount = formatTokenAmount({
    amount: BigInt(exactIn ? quote.toTokenAmount : quote.fromTokenAmount),
    decimals: token.decimals,
    roundingMode: exactIn ? 'trunc' : 'ceil',
  })
  return (
    <>
      You now {exactIn ? 'receive' : 'pay'} ≈ {amount} {token.symbol}.
    </>
  )
}

function ReviewBody({
  liveQuote,
  autoSlippage,
  chain,
  tokens,
  progress,
  approval,
  onConfirm,
  onResetProgress,
  onRefreshQuotes,
  onClose,
}: ReviewDialogProps) {
  const unlimitedId = useId()
  const [accepted, setAccepted] = useState(liveQuote)
  const [typed, setTyped] = useState('')
  const now = useNow(1_000)
  const idle = progress.phase === 'idle'
  const rateChanged = idle && hasRateChanged({ accepted, current: liveQuote })

  useEffect(() => {
    if (idle && !hasRateChanged({ accepted, current: liveQuote }) && accepted !== liveQuote)
      setAccepted(liveQuote)
  }, [idle, accepted, liveQuote])

  const steps = getFlowSteps({
    previewSteps: approval.needed ? approval.steps : undefined,
    approval: approval.progress,
    swap: progress,
  })
  const stepList =
    steps.length > 1 ? (
      <SwapSteps steps={steps} symbols={{ from: accepted.tokenFrom.symbol, to: accepted.tokenTo.symbol }} />
    ) : null
  const approving = isApprovalBusy(approval.progress)

  if (!idle)
    return (
      <div className="space-y-3">
        {stepList}
        <SwapProgressView
          progress={progress}
          quote={accepted}
          chain={chain}
          onRetry={onResetProgress}
          onDone={() => {
            onResetProgress()
            onClose()
          }}
        />
      </div>
    )

  const expired = isQuoteExpired({ quoteDeadlineSec: accepted.quoteDeadline, nowMs: now, marginSec: 5 })
  const impactHigh = getPriceImpactLevel(accepted.priceImpact) === 'high'
  const confirmed = isPriceImpactConfirmed({ percent: accepted.priceImpact, typed })
  // a 1:1 wrap has no slippage to warn of
  const slippageWarning =
    getWrapKind(accepted) === undefined
      ? getSlippageReviewWarning({ autoSlippage, percent: accepted.slippage })
      : undefined
  // The gravest warning first (a high price impact loses money; a moved or expired rate only blocks the button),
  // then the details; the button stays pinned under them, so none of it hides below the fold (the footer sticks at
  // -1rem: sticky offsets start inside the scroll area's padding).
  return (
    <div className="space-y-4">
      <PriceImpactConfirm percent={accepted.priceImpact} typed={typed} onTypedChange={setTyped} />
      {rateChanged && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-danger/40 p-3 text-sm"
        >
          <span>
            The rate changed since you opened the review. <NewAmount quote={liveQuote} />
          </span>
          <button
            type="button"
            onClick={() => setAccepted(liveQuote)}
            className="rounded-lg bg-accent px-3 py-1.5 font-semibold text-accent-fg"
          >
            Accept new rate
          </button>
        </div>
      )}
      {expired && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-danger/40 p-3 text-sm"
        >
          <span>This quote expired. Refresh it to see the current rate.</span>
          <button
            type="button"
            onClick={onRefreshQuotes}
            className="rounded-lg border border-line px-3 py-1.5 font-semibold"
          >
            Refresh quote
          </button>
        </div>
      )}
      {slippageWarning !== undefined && (
        <p role="alert" className="flex gap-2 rounded-xl border border-warn/60 p-3 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-warn" />
          <span>{slippageWarning}</span>
        </p>
      )}
      <ReviewDetails
        quote={accepted}
        autoSlippage={autoSlippage}
        nativeCurrency={chain.nativeCurrency}
        tokens={tokens}
      />
      {stepList}
      {approval.needed && !approving && approval.progress.phase !== 'done' && (
        <label htmlFor={unlimitedId} className="flex items-center gap-2 text-sm">
          <input
            id={unlimitedId}
            type="checkbox"
            checked={approval.unlimited}
            onChange={(event) => approval.onUnlimitedChange(event.target.checked)}
          />
          Unlimited approval (no approval next time)
        </label>
      )}
      <div className="sticky -bottom-4 -mx-4 -mb-4 space-y-2 border-t border-line bg-card px-4 py-3">
        {approval.progress.phase === 'failed' && (
          <p role="alert" className="text-sm font-semibold text-danger">
            The approval did not complete. {getErrorMessage(approval.progress.error).message}
          </p>
        )}
        <button
          type="button"
          disabled={rateChanged || expired || !confirmed || approving}
          onClick={() => onConfirm(accepted)}
          className={`w-full rounded-xl px-4 py-3 font-semibold disabled:cursor-not-allowed disabled:bg-line disabled:text-muted ${impactHigh ? 'bg-danger text-danger-fg' : 'bg-accent text-accent-fg'}`}
        >
          {approving
            ? 'Approving…'
            : approval.needed
              ? `Approve ${accepted.tokenFrom.symbol} and ${getWrapKind(accepted) ?? 'swap'}`
              : `Confirm ${getWrapKind(accepted) ?? 'swap'}`}
        </button>
      </div>
    </div>
  )
}
