import { describe, expect, it } from 'vitest'
import { adjustGasForCalldata } from './adjustGasForCalldata'

describe('adjustGasForCalldata', () => {
  it('adds the difference of the calldata costs', () => {
    // 2 zero bytes (8 gas) against 1 zero and 1 other (20 gas)
    expect(adjustGasForCalldata(100_000n, '0x0000', '0x0001')).toBe(100_012n)
    // 2 other bytes (32 gas) against 1 zero (4 gas)
    expect(adjustGasForCalldata(100_000n, '0x0101', '0x00')).toBe(99_972n)
    expect(adjustGasForCalldata(100_000n, '0xab00cd', '0xab00cd')).toBe(100_000n)
  })

  it('never answers less than the EIP-7623 floor of the calldata', () => {
    // 100 other bytes are 400 tokens: 21,000 + 4,000
    const data = `0x${'11'.repeat(100)}` as const
    expect(adjustGasForCalldata(21_000n, data, data)).toBe(25_000n)
    expect(adjustGasForCalldata(30_000n, data, data)).toBe(30_000n)
  })
})
