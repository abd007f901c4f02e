import { type Address, type Hex, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildIntegratorTag, tagClockSkewSec, tagLifetimeSec } from './buildIntegratorTag'
import { verifyIntegratorTag } from './verifyIntegratorTag'

const secret = new TextEncoder().encode('a test secret of at least 32 characters')
const fields = {
  chainId: 1,
  aggregator: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address,
  sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address,
  receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address,
  tokenIn: '0x0000000000000000000000000000000000000000' as Address,
  tokenOut: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as Address,
  feeRecipient: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as Address,
  feeBps: 30,
}
const issuedAtSec = 1_764_000_000
const at = { blockTimestampSec: issuedAtSec + 12 }
const acme: Hex = `0x${'a1'.repeat(16)}`
const other: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const tag = buildIntegratorTag({ secret, companyId: acme, issuedAtSec, ...fields })

describe('verifyIntegratorTag', () => {
  it('returns the company id of a tag issued for exactly these fields', () => {
    expect(verifyIntegratorTag({ secret, tag, ...fields, ...at })).toBe(acme)
    expect(
      verifyIntegratorTag({ secret, tag: tag.toUpperCase().replace('0X', '0x') as Hex, ...fields, ...at }),
    ).toBe(acme)
  })

  it('refuses the tag copied into a swap with another sender, receiver, token, chain, aggregator or fee', () => {
    for (const changed of [
      { sender: other },
      { receiver: other },
      { tokenIn: other },
      { tokenOut: other },
      { aggregator: other },
      { chainId: 8453 },
      { feeRecipient: other },
      { feeBps: 0 },
      { feeBps: 29 },
    ]) {
      expect(verifyIntegratorTag({ secret, tag, ...fields, ...at, ...changed })).toBeUndefined()
    }
  })

  it('refuses another company id in front of a valid MAC, a wrong secret, and values that are no tag', () => {
    const swapped = `0x${'b2'.repeat(16)}${tag.slice(34)}` as Hex
    expect(verifyIntegratorTag({ secret, tag: swapped, ...fields, ...at })).toBeUndefined()
    const wrongKey = new TextEncoder().encode('a different secret, 32 characters')
    expect(verifyIntegratorTag({ secret: wrongKey, tag, ...fields, ...at })).toBeUndefined()
    const zero = toHex(0n, { size: 32 })
    expect(verifyIntegratorTag({ secret, tag: zero, ...fields, ...at })).toBeUndefined()
    expect(verifyIntegratorTag({ secret, tag: tag.slice(0, 64) as Hex, ...fields, ...at })).toBeUndefined()
  })

  it('attributes only within the lifetime after the issue time (boundaries exact), and refuses a changed time', () => {
    const verifyAt = (blockTimestampSec: number) =>
      verifyIntegratorTag({ secret, tag, ...fields, blockTimestampSec })
    expect(verifyAt(issuedAtSec + tagLifetimeSec + tagClockSkewSec)).toBe(acme)
    expect(verifyAt(issuedAtSec + tagLifetimeSec + tagClockSkewSec + 1)).toBeUndefined()
    expect(verifyAt(issuedAtSec - tagClockSkewSec)).toBe(acme)
    expect(verifyAt(issuedAtSec - tagClockSkewSec - 1)).toBeUndefined()
    // moving the issue time forward to renew the tag breaks the MAC
    const renewed = `${tag.slice(0, 34)}${(issuedAtSec + 3600).toString(16)}${tag.slice(42)}` as Hex
    expect(
      verifyIntegratorTag({ secret, tag: renewed, ...fields, blockTimestampSec: issuedAtSec + 3700 }),
    ).toBeUndefined()
  })
})
