import { describe, expect, it } from 'vitest'
import { getWrapKind } from './getWrapKind'

const native = '0x0000000000000000000000000000000000000000'
const weth = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const leg = { amount: '1', data: '0x' }

describe('getWrapKind', () => {
  it.each([
    ['native in, no legs', native, [], 'wrap'],
    ['wrapped in, no legs', weth, [], 'unwrap'],
    ['native in, one leg', native, [leg], undefined],
    ['token in, two legs', weth, [leg, leg], undefined],
  ] as const)('%s -> %s', (_name, from, call, kind) => {
    expect(getWrapKind({ tokenFrom: { contractAddress: from }, transactionData: { call } })).toBe(kind)
  })
})
