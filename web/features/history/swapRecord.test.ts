import { describe, expect, it } from 'vitest'
import { maxSwapRecords, parseSwapRecords, type SwapRecord, upsertSwapRecord } from './swapRecord'

const record: SwapRecord = {
  chainId: 1,
  hash: '0x01',
  account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  from: { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 },
  to: { address: '0x60921cC29694984e5bA144631377803f57c366A3', symbol: 'USDC', decimals: 6 },
  amountIn: '1000',
  quotedOut: '2000',
  status: 'pending',
  createdAtMs: 1,
}

describe('upsertSwapRecord', () => {
  it('prepends a new record and merges an update into the existing one', () => {
    const first = upsertSwapRecord({ records: [], record })
    const second = upsertSwapRecord({ records: first, record: { ...record, hash: '0x02' } })
    expect(second.map((r) => r.hash)).toEqual(['0x02', '0x01'])
    const updated = upsertSwapRecord({
      records: second,
      record: { chainId: 1, hash: '0x01', status: 'success', received: '1999' },
    })
    expect(updated[1]).toEqual({ ...record, status: 'success', received: '1999' })
    expect(second[1]).toEqual(record)
  })
  it('records the refund of a cross-chain trade', () => {
    const records = upsertSwapRecord({ records: [], record: { ...record, kind: 'cross', toChainId: 42161 } })
    const refunded = upsertSwapRecord({
      records,
      record: { chainId: 1, hash: '0x01', status: 'failed', refunded: '1000' },
    })
    expect(refunded).toEqual([
      { ...record, kind: 'cross', toChainId: 42161, status: 'failed', refunded: '1000' },
    ])
  })
  it('ignores an update for an unknown record and caps the list', () => {
    expect(upsertSwapRecord({ records: [], record: { chainId: 1, hash: '0x09', status: 'failed' } })).toEqual(
      [],
    )
    let records: SwapRecord[] = []
    for (let i = 0; i < maxSwapRecords + 3; i++)
      records = upsertSwapRecord({ records, record: { ...record, hash: `0x${i.toString(16)}` } })
    expect(records).toHaveLength(maxSwapRecords)
    expect(records[0]?.hash).toBe(`0x${(maxSwapRecords + 2).toString(16)}`)
  })
})

describe('parseSwapRecords', () => {
  it('keeps well-formed records and survives garbage', () => {
    expect(parseSwapRecords(JSON.stringify([record, { hash: 1 }]))).toEqual([record])
    expect(parseSwapRecords('{')).toEqual([])
    expect(parseSwapRecords(null)).toEqual([])
  })
})
