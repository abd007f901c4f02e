import { stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { computeTransferGas } from './computeTransferGas'

describe('computeTransferGas', () => {
  it('no data: the base 21,000', () => {
    expect(computeTransferGas('0x')).toBe(21_000n)
  })

  it('data runs at the EIP-7623 floor: 10 a zero byte, 40 another', () => {
    expect(computeTransferGas('0x00ff00')).toBe(21_000n + 20n + 40n)
    // a THORChain memo of 59 characters, none of them zero
    const memo = '=:BTC.BTC:bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080:4468'
    expect(memo.length).toBe(59)
    expect(computeTransferGas(stringToHex(memo))).toBe(21_000n + 59n * 40n)
  })
})
