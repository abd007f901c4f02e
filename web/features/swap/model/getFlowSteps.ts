import type { Hex } from 'viem'
import type { ApprovalStep } from '../api/fetchApprovalTransaction'
import type { ApprovalProgress } from '../hooks/useApproval'
import type { SwapProgress } from '../hooks/useSwapExecution'

export type FlowStepState = 'to-do' | 'preparing' | 'wallet' | 'pending' | 'done' | 'failed'

/** One transaction of the swap flow as the review lists it. */
export interface FlowStep {
  kind: 'reset' | 'approve' | 'swap'
  state: FlowStepState
  hash?: Hex
}

/**
 * The numbered steps of a swap: the approval's transactions (reset to 0 first for USDT-style tokens, as the
 * server lays them out; the steps being sent, else the preview) and then the swap, each with its state and,
 * once sent, its hash.
 */
export function getFlowSteps(params: {
  previewSteps: readonly ApprovalStep[] | undefined
  approval: ApprovalProgress
  swap: SwapProgress
}): FlowStep[] {
  const { approval, swap } = params
  const sending =
    approval.phase === 'wallet' || approval.phase === 'pending' || approval.phase === 'done'
      ? approval
      : approval.phase === 'failed' && approval.steps !== undefined
        ? approval
        : undefined
  const approvalSteps = sending?.steps ?? params.previewSteps ?? []
  const steps: FlowStep[] = approvalSteps.map((step, index) => {
    const hash = sending?.hashes?.[index]
    const state = ((): FlowStepState => {
      if (sending === undefined) return approval.phase === 'preparing' && index === 0 ? 'preparing' : 'to-do'
      if (sending.phase === 'done') return 'done'
      const current = sending.index ?? -1
      if (index < current) return 'done'
      if (index > current) return 'to-do'
      if (sending.phase === 'failed') return 'failed'
      return sending.phase
    })()
    const kind = step.kind === 'reset' ? 'reset' : 'approve'
    return hash === undefined ? { kind, state } : { kind, state, hash }
  })
  const swapStep = ((): FlowStep => {
    switch (swap.phase) {
      case 'idle':
        return { kind: 'swap', state: 'to-do' }
      case 'preparing':
      case 'wallet':
        return { kind: 'swap', state: swap.phase }
      case 'pending':
        return { kind: 'swap', state: 'pending', hash: swap.hash }
      case 'confirmed':
        return { kind: 'swap', state: 'done', hash: swap.hash }
      case 'failed':
        return swap.hash === undefined
          ? { kind: 'swap', state: 'failed' }
          : { kind: 'swap', state: 'failed', hash: swap.hash }
    }
  })()
  return [...steps, swapStep]
}
