import { describe, expect, it } from 'vitest'
import { computeCrossMaxAmount } from './computeCrossMaxAmount'

const eth = { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 }
const usdc = { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 }

describe('computeCrossMaxAmount', () => {
  it('keeps the fee and 0.01 of the native coin', () => {
    expect(computeCrossMaxAmount({ balance: 10n ** 18n, nativeFee: 5n, from: eth })).toBe(
      10n ** 18n - 10n ** 16n - 5n,
    )
  })

  it('is zero when the balance does not cover them, boundary included', () => {
    expect(computeCrossMaxAmount({ balance: 10n ** 16n + 5n, nativeFee: 5n, from: eth })).toBe(0n)
    expect(computeCrossMaxAmount({ balance: 10n ** 16n + 6n, nativeFee: 5n, from: eth })).toBe(1n)
  })

  it('is the whole balance of a token', () => {
    expect(computeCrossMaxAmount({ balance: 25_000_000n, nativeFee: 5n, from: usdc })).toBe(25_000_000n)
  })
})
