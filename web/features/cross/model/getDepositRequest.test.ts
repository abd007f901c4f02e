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

  it('is undefined for EVM calldata and malformed answers', () => {
    expect(getDepositRequest({ data: '0xabcdef' })).toBeUndefined()
    expect(getDepositRequest({ data: { method: 'transfer', params: [{ recipient: 'x' }] } })).toBeUndefined()
    expect(getDepositRequest({})).toBeUndefined()
  })
})
