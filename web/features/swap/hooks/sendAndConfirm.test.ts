import { describe, expect, it } from 'vitest'
import { ClientError } from '../../../lib/ClientError'
import { isRevert } from './sendAndConfirm'

describe('isRevert', () => {
  it('holds for a reverted transaction only, not for a failure to learn its outcome', () => {
    expect(isRevert(new ClientError('TX_REVERTED', 'Transaction 0x01 reverted'))).toBe(true)
    expect(isRevert(new ClientError('INVALID_TRANSACTION', 'Not a transaction'))).toBe(false)
    expect(isRevert(new TypeError('Failed to fetch'))).toBe(false)
    expect(isRevert(new DOMException('The operation was aborted.', 'AbortError'))).toBe(false)
    expect(isRevert(undefined)).toBe(false)
  })
})
