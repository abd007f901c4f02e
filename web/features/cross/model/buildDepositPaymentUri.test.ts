import { describe, expect, it } from 'vitest'
import { buildDepositPaymentUri } from './buildDepositPaymentUri'

const memo = '=:e:0x70997970c51812dc3a010c7d01b50e0d17dc79c8:29000000'
const message = 'OP_RETURN%20memo%20%3D%3Ae%3A0x70997970c51812dc3a010c7d01b50e0d17dc79c8%3A29000000'

describe('buildDepositPaymentUri', () => {
  it('writes a Bitcoin deposit as BIP21 with the exact amount in BTC and the memo as the message', () => {
    expect(
      buildDepositPaymentUri('btc', { address: 'bc1qvault', amount: 10_000_000n, decimals: 8, memo }),
    ).toBe(`bitcoin:bc1qvault?amount=0.1&message=${message}`)
  })

  it('keeps every base unit, with no float rounding', () => {
    const uri = (amount: bigint) =>
      buildDepositPaymentUri('btc', { address: 'bc1q', amount, decimals: 8, memo: 'm' })
    expect(uri(1n)).toBe('bitcoin:bc1q?amount=0.00000001&message=OP_RETURN%20memo%20m')
    expect(uri(2_100_000_000_000_001n)).toBe(
      'bitcoin:bc1q?amount=21000000.00000001&message=OP_RETURN%20memo%20m',
    )
    // 0.1 + 0.2 as floats is 0.30000000000000004
    expect(uri(30_000_000n)).toBe('bitcoin:bc1q?amount=0.3&message=OP_RETURN%20memo%20m')
    expect(uri(123_456_789_012_345_678n)).toBe(
      'bitcoin:bc1q?amount=1234567890.12345678&message=OP_RETURN%20memo%20m',
    )
  })

  it('uses each UTXO chain’s scheme', () => {
    const deposit = { address: 'Dvault', amount: 150_000_000_000n, decimals: 8, memo: 'm' }
    expect(buildDepositPaymentUri('doge', deposit)).toBe(
      'dogecoin:Dvault?amount=1500&message=OP_RETURN%20memo%20m',
    )
    expect(buildDepositPaymentUri('ltc', { ...deposit, address: 'ltc1qvault' })).toBe(
      'litecoin:ltc1qvault?amount=1500&message=OP_RETURN%20memo%20m',
    )
    expect(buildDepositPaymentUri('bch', { ...deposit, address: '1BchLegacy' })).toBe(
      'bitcoincash:1BchLegacy?amount=1500&message=OP_RETURN%20memo%20m',
    )
  })

  it('takes a CashAddr address with its prefix as the URI itself', () => {
    const deposit = { address: 'bitcoincash:qpvault', amount: 5n, decimals: 8, memo: 'm' }
    expect(buildDepositPaymentUri('bch', deposit)).toBe(
      'bitcoincash:qpvault?amount=0.00000005&message=OP_RETURN%20memo%20m',
    )
    expect(buildDepositPaymentUri('bch', { ...deposit, address: 'bchreg:qpvault' })).toBe(
      'bchreg:qpvault?amount=0.00000005&message=OP_RETURN%20memo%20m',
    )
  })

  it('writes a deposit paid without a memo as address and exact amount alone', () => {
    expect(
      buildDepositPaymentUri('btc', {
        address: 'bc1qvault',
        amount: 10_000_042n,
        decimals: 8,
        memo: '',
        memoless: { reference: '00042', memo },
      }),
    ).toBe('bitcoin:bc1qvault?amount=0.10000042')
  })

  it('is undefined for a chain with no payment URI scheme', () => {
    expect(
      buildDepositPaymentUri('atom', { address: 'cosmos1vault', amount: 1n, decimals: 6, memo: 'm' }),
    ).toBeUndefined()
  })
})
