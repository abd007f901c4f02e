import { Check, CircleAlert, LoaderCircle } from 'lucide-react'
import { TxHash } from '../../../components/TxHash'
import type { FlowStep, FlowStepState } from '../model/getFlowSteps'

const stateLabels: Record<FlowStepState, string> = {
  'to-do': 'To do',
  preparing: 'Preparing…',
  wallet: 'Confirm in wallet',
  pending: 'Pending',
  done: 'Done',
  failed: 'Failed',
}

function stepLabel(step: FlowStep, symbols: { from: string; to: string }): string {
  if (step.kind === 'reset') return `Reset ${symbols.from} approval to 0`
  if (step.kind === 'approve') return `Approve ${symbols.from}`
  return `Swap ${symbols.from} for ${symbols.to}`
}

/**
 * The swap's transactions as a numbered list (approval reset, approval, swap), each with its state and, once
 * sent, its hash, so the user sees how many wallet prompts to expect and where the flow stands.
 */
export function SwapSteps({
  steps,
  symbols,
}: {
  steps: readonly FlowStep[]
  symbols: { from: string; to: string }
}) {
  return (
    <ol aria-label="Swap steps" className="space-y-2 rounded-xl border border-line p-3 text-sm">
      {steps.map((step, index) => (
        <li key={step.kind} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <span className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold ${step.state === 'done' ? 'border-accent bg-accent text-accent-fg' : step.state === 'failed' ? 'border-danger text-danger' : 'border-line'}`}
            >
              {step.state === 'done' ? <Check className="h-3.5 w-3.5" /> : index + 1}
            </span>
            <span>
              <span className="sr-only">{index + 1}. </span>
              {stepLabel(step, symbols)}
            </span>
          </span>
          <span
            className={`inline-flex items-center gap-1 text-xs font-semibold ${step.state === 'done' ? 'text-accent' : step.state === 'failed' ? 'text-danger' : 'text-muted'}`}
          >
            {(step.state === 'wallet' || step.state === 'pending' || step.state === 'preparing') && (
              <LoaderCircle aria-hidden="true" className="h-3.5 w-3.5 animate-spin" />
            )}
            {step.state === 'failed' && <CircleAlert aria-hidden="true" className="h-3.5 w-3.5" />}
            {stateLabels[step.state]}
          </span>
          {step.hash !== undefined && (
            <span className="basis-full pl-8">
              <TxHash hash={step.hash} />
            </span>
          )}
        </li>
      ))}
    </ol>
  )
}
