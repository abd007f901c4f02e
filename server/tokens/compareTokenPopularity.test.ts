import { describe, expect, it } from 'vitest'
import { buildTokenRecord } from './buildTokenRecord'
import { compareTokenPopularity, getPopularityGroup, type ListedToken } from './compareTokenPopularity'

describe('getPopularityGroup', () => {
  it.each([
    [['native'], 0],
    [['wrapped-native', 'major'], 1],
    [['stable', 'approve-reset'], 2],
    [['major'], 3],
    [[], 4],
    [['long-tail'], 5],
    [['fee-on-transfer'], 5],
  ] as const)('%o -> %i', (tags, group) => {
    expect(getPopularityGroup(tags)).toBe(group)
  })
})

describe('compareTokenPopularity', () => {
  const make = (
    chainId: number,
    address: `0x${string}`,
    symbol: string,
    tags: string[],
    liquidityUsd: number,
  ) => ({
    record: buildTokenRecord({
      chainId,
      token: { address, symbol, name: symbol, decimals: 18, tags: tags as never },
      isNative: false,
      priceInUsd: 1,
    }),
    liquidityUsd,
  })

  it('orders by group, then deeper liquidity, then symbol, address and chain', () => {
    const list: ListedToken[] = [
      make(1, '0x0000000000000000000000000000000000000009', 'PEPE', ['long-tail'], 1e12),
      make(1, '0x0000000000000000000000000000000000000008', 'LINK', ['major'], 10),
      make(1, '0x0000000000000000000000000000000000000007', 'UNI', ['major'], 20),
      make(1, '0x0000000000000000000000000000000000000006', 'DAI', ['stable'], 5),
      make(1, '0x0000000000000000000000000000000000000005', 'AAA', ['major'], 10),
      make(56, '0x0000000000000000000000000000000000000004', 'AAA', ['major'], 10),
      make(10, '0x0000000000000000000000000000000000000004', 'AAA', ['major'], 10),
    ]
    expect(
      list
        .sort(compareTokenPopularity)
        .map((t) => `${t.record.chainId}:${t.record.symbol}:${t.record.address.slice(-1)}`),
    ).toEqual(['1:DAI:6', '1:UNI:7', '10:AAA:4', '56:AAA:4', '1:AAA:5', '1:LINK:8', '1:PEPE:9'])
  })

  it('treats depths within a millionth as equal, so rounding of equal markets never orders them', () => {
    const a = make(1, '0x0000000000000000000000000000000000000001', 'ZED', ['major'], 1_000_000.0000001)
    const b = make(1, '0x0000000000000000000000000000000000000002', 'ABC', ['major'], 1_000_000)
    const c = make(1, '0x0000000000000000000000000000000000000003', 'MID', ['major'], 1_000_002)
    expect([a, b, c].sort(compareTokenPopularity).map((t) => t.record.symbol)).toEqual(['MID', 'ABC', 'ZED'])
  })
})
