import { describe, expect, it } from 'vitest'
import type { ApprovalStep } from '../api/fetchApprovalTransaction'
import { getFlowSteps } from './getFlowSteps'

const step = (kind: 'reset' | 'approve'): ApprovalStep => ({
  kind,
  to: '0xdF15018bDbdDEA9307Adb6861aFd7aB8ec164b0E',
  data: '0x',
  value: '0',
  amount: kind === 'reset' ? '0' : '40000000',
})
const steps = [step('reset'), step('approve')]
const h1 = '0x1111111111111111111111111111111111111111111111111111111111111111'
const h2 = '0x2222222222222222222222222222222222222222222222222222222222222222'
const h3 = '0x3333333333333333333333333333333333333333333333333333333333333333'

describe('getFlowSteps', () => {
  it('is only the swap without an approval', () => {
    expect(
      getFlowSteps({ previewSteps: undefined, approval: { phase: 'idle' }, swap: { phase: 'idle' } }),
    ).toEqual([{ kind: 'swap', state: 'to-do' }])
  })
  it('lists the previewed reset and approval before the swap', () => {
    expect(
      getFlowSteps({ previewSteps: steps, approval: { phase: 'idle' }, swap: { phase: 'idle' } }),
    ).toEqual([
      { kind: 'reset', state: 'to-do' },
      { kind: 'approve', state: 'to-do' },
      { kind: 'swap', state: 'to-do' },
    ])
  })
  it('marks the step in flight with its hash and the ones before as done', () => {
    expect(
      getFlowSteps({
        previewSteps: undefined,
        approval: { phase: 'pending', steps, index: 1, hashes: [h1, h2] },
        swap: { phase: 'idle' },
      }),
    ).toEqual([
      { kind: 'reset', state: 'done', hash: h1 },
      { kind: 'approve', state: 'pending', hash: h2 },
      { kind: 'swap', state: 'to-do' },
    ])
  })
  it('keeps the approvals done while the swap confirms', () => {
    expect(
      getFlowSteps({
        previewSteps: undefined,
        approval: { phase: 'done', steps, hashes: [h1, h2] },
        swap: { phase: 'confirmed', hash: h3, received: 1n },
      }),
    ).toEqual([
      { kind: 'reset', state: 'done', hash: h1 },
      { kind: 'approve', state: 'done', hash: h2 },
      { kind: 'swap', state: 'done', hash: h3 },
    ])
  })
  it('marks the failed approval step', () => {
    expect(
      getFlowSteps({
        previewSteps: steps,
        approval: { phase: 'failed', error: new Error('x'), steps, index: 0, hashes: [] },
        swap: { phase: 'idle' },
      }),
    ).toEqual([
      { kind: 'reset', state: 'failed' },
      { kind: 'approve', state: 'to-do' },
      { kind: 'swap', state: 'to-do' },
    ])
  })
})
