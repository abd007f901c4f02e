import { createHmac } from 'node:crypto'
import { type Address, getAddress, type Hex, numberToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildIntegratorTag } from './buildIntegratorTag'

const secret = new TextEncoder().encode('a test secret of at least 32 characters')
const fields = {
  chainId: 8453,
  aggregator: '0x5fbdb2315678afecb367f032d93f642f64180aa3' as Address,
  sender: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as Address,
  receiver: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' as Address,
  tokenIn: '0x0000000000000000000000000000000000000000' as Address,
  tokenOut: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' as Address,
  feeRecipient: '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65' as Address,
  feeBps: 25,
  issuedAtSec: 1_764_000_000,
}
const companyId: Hex = `0x${'ab'.repeat(16)}`

/** The documented layout, written out byte by byte instead of through encodePacked. */
function referenceTag(f: typeof fields, key: Uint8Array, company: Hex): Hex {
  const parts = [
    Buffer.from('dex-aggregator/integrator-tag/v2', 'utf8'),
    Buffer.from(numberToHex(f.chainId, { size: 32 }).slice(2), 'hex'),
    ...[f.aggregator, f.sender, f.receiver, f.tokenIn, f.tokenOut, f.feeRecipient].map((a) =>
      Buffer.from(a.slice(2), 'hex'),
    ),
    Buffer.from(numberToHex(f.feeBps, { size: 2 }).slice(2), 'hex'),
    Buffer.from(numberToHex(f.issuedAtSec, { size: 4 }).slice(2), 'hex'),
    Buffer.from(company.slice(2), 'hex'),
  ]
  const mac = createHmac('sha256', key).update(Buffer.concat(parts)).digest('hex')
  return `0x${company.slice(2)}${numberToHex(f.issuedAtSec, { size: 4 }).slice(2)}${mac.slice(0, 24)}`
}

describe('buildIntegratorTag', () => {
  it('is the company id, the issue time and the first 12 bytes of HMAC-SHA256 over the documented fields', () => {
    const tag = buildIntegratorTag({ secret, companyId, ...fields })
    expect(tag).toBe(referenceTag(fields, secret, companyId))
    expect(tag).toMatch(/^0x(ab){16}69248100[0-9a-f]{24}$/)
  })

  it('binds no fee recipient without a fee', () => {
    const noFee = { ...fields, feeBps: 0 }
    expect(buildIntegratorTag({ secret, companyId, ...noFee })).toBe(
      referenceTag(
        { ...noFee, feeRecipient: '0x0000000000000000000000000000000000000000' },
        secret,
        companyId,
      ),
    )
  })

  it('does not depend on address or company id case', () => {
    const checksummed = {
      ...fields,
      aggregator: getAddress(fields.aggregator),
      sender: getAddress(fields.sender),
      receiver: getAddress(fields.receiver),
      tokenOut: getAddress(fields.tokenOut),
      feeRecipient: getAddress(fields.feeRecipient),
    }
    expect(buildIntegratorTag({ secret, companyId: `0x${'AB'.repeat(16)}`, ...checksummed })).toBe(
      buildIntegratorTag({ secret, companyId, ...fields }),
    )
  })

  it('changes with every field it binds, the company id and the secret', () => {
    const other: Address = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'
    const base = buildIntegratorTag({ secret, companyId, ...fields })
    const variants: Hex[] = [
      buildIntegratorTag({ secret, companyId, ...fields, chainId: 1 }),
      buildIntegratorTag({ secret, companyId, ...fields, aggregator: other }),
      buildIntegratorTag({ secret, companyId, ...fields, sender: other }),
      buildIntegratorTag({ secret, companyId, ...fields, receiver: other }),
      buildIntegratorTag({ secret, companyId, ...fields, tokenIn: other }),
      buildIntegratorTag({ secret, companyId, ...fields, tokenOut: other }),
      buildIntegratorTag({ secret, companyId, ...fields, feeRecipient: other }),
      buildIntegratorTag({ secret, companyId, ...fields, feeBps: 26 }),
      buildIntegratorTag({ secret, companyId, ...fields, feeBps: 0 }),
      buildIntegratorTag({ secret, companyId, ...fields, issuedAtSec: fields.issuedAtSec + 1 }),
      buildIntegratorTag({ secret, companyId: `0x${'cd'.repeat(16)}`, ...fields }),
      buildIntegratorTag({
        secret: new TextEncoder().encode('another secret of 32 characters!'),
        companyId,
        ...fields,
      }),
    ]
    const macs = new Set([base, ...variants].map((tag) => tag.slice(42)))
    expect(macs.size).toBe(variants.length + 1)
  })

  it('refuses a company id that is not 16 bytes', () => {
    expect(() => buildIntegratorTag({ secret, companyId: `0x${'ab'.repeat(32)}`, ...fields })).toThrow(
      'companyId must be 16 bytes, got 32',
    )
    expect(() => buildIntegratorTag({ secret, companyId, ...fields, issuedAtSec: 2 ** 32 })).toThrow(
      'issuedAtSec must be a uint32, got 4294967296',
    )
  })
})
