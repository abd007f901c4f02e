import { describe, expect, it } from 'vitest'
import { computeStargateProtocolFee } from './computeStargateProtocolFee'

describe('computeStargateProtocolFee', () => {
  it('is what is sent less what arrives, none when a reward adds to it', () => {
    expect(computeStargateProtocolFee({ amountSentLD: 1_000_000n, amountReceivedLD: 999_400n })).toBe(600n)
    expect(computeStargateProtocolFee({ amountSentLD: 1_000_000n, amountReceivedLD: 1_000_000n })).toBe(0n)
    expect(computeStargateProtocolFee({ amountSentLD: 1_000_000n, amountReceivedLD: 1_000_001n })).toBe(0n)
  })
})
