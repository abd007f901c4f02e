import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { computeCrossQuoteMac } from './computeCrossQuoteMac'

const secret = new TextEncoder().encode('k'.repeat(32))
const data = {
  provider: 'stargate',
  params: { minQuote: '98', slippage: 0.005 },
  feeBps: 10,
  extra: undefined,
}

describe('computeCrossQuoteMac', () => {
  it('is the HMAC of the domain, the integrator and the sorted JSON without mac or undefined members', () => {
    const expected = createHmac('sha256', secret)
      .update(
        'dex-aggregator/cross-quote/v1\n0xab\n{"feeBps":10,"params":{"minQuote":"98","slippage":0.005},"provider":"stargate"}',
      )
      .digest('hex')
    expect(computeCrossQuoteMac({ secret, integratorId: '0xAB', transactionData: data })).toBe(expected)
    expect(
      computeCrossQuoteMac({
        secret,
        integratorId: '0xab',
        transactionData: {
          mac: 'x',
          feeBps: 10,
          params: { slippage: 0.005, minQuote: '98' },
          provider: 'stargate',
        },
      }),
    ).toBe(expected)
  })

  it('changes with any field, with the integrator and with the secret', () => {
    const base = computeCrossQuoteMac({ secret, integratorId: '', transactionData: data })
    const others = [
      computeCrossQuoteMac({ secret, integratorId: '', transactionData: { ...data, feeBps: 11 } }),
      computeCrossQuoteMac({
        secret,
        integratorId: '',
        transactionData: { ...data, params: { minQuote: '1', slippage: 0.005 } },
      }),
      computeCrossQuoteMac({ secret, integratorId: '0x01', transactionData: data }),
      computeCrossQuoteMac({
        secret: new TextEncoder().encode('j'.repeat(32)),
        integratorId: '',
        transactionData: data,
      }),
      // a string that looks like the number is another value
      computeCrossQuoteMac({ secret, integratorId: '', transactionData: { ...data, feeBps: '10' } }),
    ]
    expect(new Set([base, ...others]).size).toBe(6)
  })
})
