import { describe, expect, it } from 'vitest'
import { computeSlippageBps } from './computeSlippageBps'

describe('computeSlippageBps', () => {
  it('rounds the fraction to the nearest basis point', () => {
    expect(computeSlippageBps(0.005)).toBe(50n)
    expect(computeSlippageBps(0)).toBe(0n)
    expect(computeSlippageBps(1)).toBe(10_000n)
    expect(computeSlippageBps(0.00005)).toBe(1n)
    expect(computeSlippageBps(0.000049)).toBe(0n)
    expect(computeSlippageBps(0.0123456)).toBe(123n)
  })
})
