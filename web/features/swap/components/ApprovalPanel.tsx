import { useId } from 'react'
import type { TokenRecord } from '../../../lib/api'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import type { ApprovalStep } from '../api/fetchApprovalTransaction'
import type { ApprovalProgress } from '../hooks/useApproval'

function stepLabel(step: Pick<ApprovalStep, 'kind'>, symbol: string): string {
  return step.kind === 'reset' ? `Reset ${symbol} approval to 0` : `Approve ${symbol}`
}

/**
 * The approval the swap needs, as the server lays it out: exact amount (default) or unlimited, the reset-to-0
 * step first for USDT-style tokens, and progress per step while the wallet confirms and each transaction is
 * mined.
 */
export function ApprovalPanel({
  token,
  steps,
  progress,
  unlimited,
  onUnlimitedChange,
  onApprove,
}: {
  token: TokenRecord
  /** The server's preview of the steps; undefined while it loads. */
  steps: readonly ApprovalStep[] | undefined
  progress: ApprovalProgress
  unlimited: boolean
  onUnlimitedChange: (unlimited: boolean) => void
  onApprove: () => void
}) {
  const id = useId()
  const busy = progress.phase === 'preparing' || progress.phase === 'wallet' || progress.phase === 'pending'
  const shownSteps = progress.phase === 'wallet' || progress.phase === 'pending' ? progress.steps : steps
  const current = progress.phase === 'wallet' || progress.phase === 'pending' ? progress.index : -1
  const first = shownSteps?.[0]
  return (
    <div className="space-y-2 rounded-xl border border-line p-3 text-sm">
      {shownSteps?.some((step) => step.kind === 'reset') === true && (
        <p className="text-muted">
          {token.symbol} requires its current approval to be reset to 0 before a new one: two transactions.
        </p>
      )}
      <label htmlFor={id} className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={unlimited}
          disabled={busy}
          onChange={(event) => onUnlimitedChange(event.target.checked)}
        />
        Unlimited approval (no approval next time)
      </label>
      {shownSteps !== undefined && shownSteps.length > 1 && (
        <ol aria-label="Approval steps" className="space-y-1">
          {shownSteps.map((step, index) => {
            const state = index < current ? 'done' : index === current ? 'in progress' : 'to do'
            return (
              <li key={step.kind} className="flex justify-between gap-2">
                <span>
                  {index + 1}. {stepLabel(step, token.symbol)}
                </span>
                <span className={state === 'done' ? 'text-accent' : 'text-muted'}>{state}</span>
              </li>
            )
          })}
        </ol>
      )}
      {busy && (
        <p role="status" className="font-medium">
          {progress.phase === 'preparing'
            ? 'Preparing the approval…'
            : `Step ${progress.index + 1} of ${progress.steps.length}: ${stepLabel(
                progress.steps[progress.index] ?? { kind: 'approve' },
                token.symbol,
              )}: ${progress.phase === 'wallet' ? 'confirm in your wallet…' : 'waiting for confirmation…'}`}
        </p>
      )}
      {progress.phase === 'failed' && (
        <p role="alert" className="text-danger">
          {getErrorMessage(progress.error).message}
        </p>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={onApprove}
        className="w-full rounded-xl bg-accent px-4 py-3 font-semibold text-accent-fg disabled:opacity-60"
      >
        {busy ? 'Approving…' : stepLabel(first ?? { kind: 'approve' }, token.symbol)}
      </button>
    </div>
  )
}
