import { describe, expect, it } from 'vitest'
import { decodeOpReturnMemo } from './decodeOpReturnMemo'

describe('decodeOpReturnMemo', () => {
  it('reads a direct push and OP_PUSHDATA1', () => {
    expect(decodeOpReturnMemo('6a0568656c6c6f')).toBe('hello')
    const memo = `=:b:bcrt1q${'q'.repeat(58)}:942718446`
    const hex = Buffer.from(memo).toString('hex')
    expect(memo.length).toBeGreaterThan(75)
    expect(decodeOpReturnMemo(`6a4c${memo.length.toString(16)}${hex}`)).toBe(memo)
  })

  it('is undefined for other scripts and bad lengths', () => {
    expect(decodeOpReturnMemo(`0014${'ab'.repeat(20)}`)).toBeUndefined()
    expect(decodeOpReturnMemo('6a0568656c6c')).toBeUndefined()
    expect(decodeOpReturnMemo('6a')).toBeUndefined()
  })
})
