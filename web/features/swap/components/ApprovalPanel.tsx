import { useId, useState } from 'react'
import type { TokenRecord } from '../../../lib/api'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import type { ApprovalProgress } from '../hooks/useApproval'
import type { ApprovalStep } from '../model/getApprovalSteps'

/**
 * The approval the swap needs: exact amount (default) or unlimited, the reset-to-0 step for USDT-style tokens,
 * and progress while the wallet confirms and the transactions are mined.
 */
export function ApprovalPanel({
  token,
  steps,
  progress,
  onApprove,
}: {
  token: TokenRecord
  steps: readonly ApprovalStep[]
  progress: ApprovalProgress
  onApprove: (unlimited: boolean) => void
}) {
  const [unlimited, setUnlimited] = useState(false)
  const id = useId()
  const busy = progress.phase === 'wallet' || progress.phase === 'pending'
  const stepLabel = (step: ApprovalStep) =>
    step === 'reset' ? `Reset ${token.symbol} approval to 0` : `Approve ${token.symbol}`
  return (
    <div className="space-y-2 rounded-xl border border-line p-3 text-sm">
      {steps.includes('reset') && (
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
          onChange={(event) => setUnlimited(event.target.checked)}
        />
        Unlimited approval (no approval next time)
      </label>
      {busy && (
        <p role="status" className="font-medium">
          {progress.phase === 'wallet'
            ? `${stepLabel(progress.step)}: confirm in your wallet…`
            : `${stepLabel(progress.step)}: waiting for confirmation…`}
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
        onClick={() => onApprove(unlimited)}
        className="w-full rounded-xl bg-accent px-4 py-3 font-semibold text-accent-fg disabled:opacity-60"
      >
        {busy ? 'Approving…' : stepLabel(steps[0] ?? 'approve')}
      </button>
    </div>
  )
}
