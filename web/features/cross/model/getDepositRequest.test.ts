import { describe, expect, it } from 'vitest'
import { getDepositRequest } from './getDepositRequest'

describe('getDepositRequest', () => {
  it('reads the transfer a UTXO wallet pays', () => {
    expect(
      getDepositRequest({
        data: {
          method: 'transfer',
          params: [
            { recipient: 'bcrt1qvault', amount: { amount: '10000000', decimals: 8 }, memo: '=:d:n1:0' },
          ],
        },
      }),
    ).toEqual({ address: 'bcrt1qvault', amount: 10_000_000n, decimals: 8, memo: '=:d:n1:0' })
  })

  it('reads a deposit paid without a memo, and the memo its amount stands for', () => {
    const transfer = {
      method: 'transfer',
      params: [{ recipient: 'bcrt1qvault', amount: { amount: '10000042', decimals: 8 }, memo: '' }],
    }
    expect(
      getDepositRequest({
        data: { ...transfer, memoless: { reference: '00042', memo: '=:d:n1:0', registrationHash: 'AB12' } },
      }),
    ).toEqual({
      address: 'bcrt1qvault',
      amount: 10_000_042n,
      decimals: 8,
      memo: '',
      memoless: { reference: '00042', memo: '=:d:n1:0' },
    })
    // a reference that is not digits: not a deposit this app can show
    expect(
      getDepositRequest({ data: { ...transfer, memoless: { reference: '42a', memo: '=:d:n1:0' } } }),
    ).toBeUndefined()
  })

  it('is undefined for EVM calldata and malformed answers', () => {
    expect(getDepositRequest({ data: '0xabcdef' })).toBeUndefined()
    expect(getDepositRequest({ data: { method: 'transfer', params: [{ recipient: 'x' }] } })).toBeUndefined()
    expect(getDepositRequest({})).toBeUndefined()
  })
})
