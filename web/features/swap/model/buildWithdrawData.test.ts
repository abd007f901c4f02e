import { describe, expect, it } from 'vitest'
import { buildWithdrawData } from './buildWithdrawData'

describe('buildWithdrawData', () => {
  it('encodes withdraw(amount) as its selector and one word, as viem encodeFunctionData does', () => {
    expect(buildWithdrawData(1_500_000_000_000_000_000n)).toBe(
      '0x2e1a7d4d00000000000000000000000000000000000000000000000014d1120d7b160000',
    )
  })

  it('takes the largest uint256 and refuses 2^256 and -1', () => {
    expect(buildWithdrawData(2n ** 256n - 1n)).toBe(`0x2e1a7d4d${'f'.repeat(64)}`)
    expect(() => buildWithdrawData(2n ** 256n)).toThrow(RangeError)
    expect(() => buildWithdrawData(-1n)).toThrow(RangeError)
  })
})
