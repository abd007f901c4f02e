import { describe, expect, it } from 'vitest'
import { describeGaslessStatus } from './describeGaslessStatus'

describe('describeGaslessStatus', () => {
  it('offers cancel until the order ends, and polls until then', () => {
    expect(describeGaslessStatus('pending')).toEqual({
      label: 'Pending',
      detail: 'Waiting for the relayer. You can still cancel.',
      final: false,
      cancellable: true,
    })
    expect(describeGaslessStatus('processing')).toMatchObject({ final: false, cancellable: true })
    for (const status of ['completed', 'cancelled', 'failed'] as const) {
      expect(describeGaslessStatus(status)).toMatchObject({ final: true, cancellable: false })
    }
    expect(describeGaslessStatus('completed').label).toBe('Completed')
  })
})
