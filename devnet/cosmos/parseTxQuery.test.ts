import { describe, expect, it } from 'vitest'
import type { CosmosTxResult } from './createCosmosLedger'
import { matchesTxQuery, parseTxQuery } from './parseTxQuery'
import { cosmosEvent } from './transferEvents'

const result: CosmosTxResult = {
  hash: 'AB12',
  height: 7,
  index: 0,
  tx: new Uint8Array([1]),
  code: 0,
  codespace: '',
  log: '',
  data: new Uint8Array(),
  gasWanted: 200_000n,
  gasUsed: 50_000n,
  events: [
    cosmosEvent('transfer', [
      ['recipient', 'cosmos1fee'],
      ['sender', 'cosmos1alice'],
    ]),
    cosmosEvent(
      'transfer',
      [
        ['recipient', 'cosmos1bob'],
        ['sender', 'cosmos1alice'],
      ],
      0,
    ),
  ],
}

describe('parseTxQuery', () => {
  it('parses what cosmjs writes: quoted strings, bare numbers, AND', () => {
    expect(parseTxQuery("tx.height=7 AND transfer.recipient='cosmos1bob'")).toEqual([
      { key: 'tx.height', op: '=', value: 7 },
      { key: 'transfer.recipient', op: '=', value: 'cosmos1bob' },
    ])
    expect(parseTxQuery('tx.height >= 5')).toEqual([{ key: 'tx.height', op: '>=', value: 5 }])
    expect(() => parseTxQuery("tx.height=='x'")).toThrow('failed to parse query condition')
  })

  it('matches event attributes, heights with ranges and hashes in either case', () => {
    const match = (query: string) => matchesTxQuery(result, parseTxQuery(query))
    expect(match("transfer.recipient='cosmos1bob'")).toBe(true)
    expect(match("transfer.recipient='cosmos1carol'")).toBe(false)
    expect(match("transfer.recipient='cosmos1bob' AND tx.height=7")).toBe(true)
    expect(match("transfer.recipient='cosmos1bob' AND tx.height>7")).toBe(false)
    expect(match('tx.height>=7 AND tx.height<8')).toBe(true)
    expect(match("tx.hash='ab12'")).toBe(true)
    expect(match('transfer.msg_index EXISTS')).toBe(true)
    expect(match("transfer.sender CONTAINS 'alice'")).toBe(true)
  })
})
