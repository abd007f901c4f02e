import { describe, expect, it } from 'vitest'
import { describeGaslessStatus } from './describeGaslessStatus'

describe('describeGaslessStatus', () => {
  it('lets only a pending order be cancelled, and polls until an end state', () => {
    expect(describeGaslessStatus('pending')).toEqual({
      label: 'Pending',
      detail: 'Waiting for the relayer. You can still cancel.',
      final: false,
      cancellable: true,
    })
    expect(describeGaslessStatus('processing')).toMatchObject({ final: false, cancellable: false })
    for (const status of ['completed', 'cancelled', 'failed'] as const) {
      expect(describeGaslessStatus(status)).toMatchObject({ final: true, cancellable: false })
    }
    expect(describeGaslessStatus('completed').label).toBe('Completed')
  })
})
