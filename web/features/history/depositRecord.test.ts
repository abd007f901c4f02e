import { describe, expect, it } from 'vitest'
import { btcDeposit } from './btcDepositRecord.testing'
import {
  type DepositRecord,
  depositRecordId,
  maxDepositRecords,
  parseDepositRecords,
  upsertDepositRecord,
} from './depositRecord'

describe('depositRecordId', () => {
  it('is the address and memo', () => {
    expect(depositRecordId({ address: 'bcrt1qinbound', memo: '=:ETH.ETH:0xabc:1' })).toBe(btcDeposit.id)
  })

  it('is the address and the registered memo for a deposit paid without one', () => {
    expect(
      depositRecordId({
        address: 'bcrt1qinbound',
        memo: '',
        memoless: { reference: '00042', memo: '=:ETH.ETH:0xabc:1' },
      }),
    ).toBe(btcDeposit.id)
  })
})

describe('upsertDepositRecord', () => {
  it('prepends a new deposit and merges its payment, then its delivery', () => {
    const other = { ...btcDeposit, id: 'x:y' }
    const records = upsertDepositRecord({ records: [other], record: btcDeposit })
    expect(records.map((r) => r.id)).toEqual([btcDeposit.id, 'x:y'])
    const paid = upsertDepositRecord({
      records,
      record: { id: btcDeposit.id, txHash: 'ab'.repeat(32), paidAtMs: 5, status: 'pending' },
    })
    const delivered = upsertDepositRecord({
      records: paid,
      record: { id: btcDeposit.id, status: 'success', received: '299' },
    })
    expect(delivered[0]).toEqual({
      ...btcDeposit,
      txHash: 'ab'.repeat(32),
      paidAtMs: 5,
      status: 'success',
      received: '299',
    })
    expect(records[0]).toEqual(btcDeposit)
  })

  it('ignores an update of an unknown deposit and caps the list', () => {
    expect(upsertDepositRecord({ records: [], record: { id: 'nope', status: 'failed' } })).toEqual([])
    let records: DepositRecord[] = []
    for (let i = 0; i < maxDepositRecords + 2; i++)
      records = upsertDepositRecord({ records, record: { ...btcDeposit, id: `d${i}` } })
    expect(records).toHaveLength(maxDepositRecords)
    expect(records[0]?.id).toBe(`d${maxDepositRecords + 1}`)
  })
})

describe('parseDepositRecords', () => {
  it('keeps well-formed deposits and survives garbage', () => {
    const broken = { ...btcDeposit, deposit: { ...btcDeposit.deposit, amount: '1e6' } }
    expect(parseDepositRecords(JSON.stringify([btcDeposit, broken, { id: 1 }, null]))).toEqual([btcDeposit])
    expect(parseDepositRecords('[')).toEqual([])
    expect(parseDepositRecords('{}')).toEqual([])
    expect(parseDepositRecords(null)).toEqual([])
  })

  it('keeps the reference of a memoless deposit and drops a malformed one', () => {
    const memoless = {
      ...btcDeposit,
      deposit: {
        ...btcDeposit.deposit,
        amount: '1000042',
        memo: '',
        memoless: { reference: '00042', memo: '=:ETH.ETH:0xabc:1' },
      },
    }
    const malformed = { ...memoless, deposit: { ...memoless.deposit, memoless: { reference: 42 } } }
    expect(parseDepositRecords(JSON.stringify([memoless, malformed]))).toEqual([memoless])
  })
})
