import { describe, expect, it } from 'vitest'
import type { TokenRecord } from '../../lib/api'
import { toBalanceMap } from './toBalanceMap'

const token = (address: string) => ({ address }) as TokenRecord
const read = (address: string, amount: bigint | undefined) => ({
  token: token(address),
  amount,
  failed: false,
})

describe('toBalanceMap', () => {
  it('keys read balances by lower-case address and leaves unread ones out', () => {
    const map = toBalanceMap([
      read('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 5n),
      read('0x0000000000000000000000000000000000000000', 0n),
      read('0xdAC17F958D2ee523a2206206994597C13D831ec7', undefined),
    ])
    expect([...map]).toEqual([
      ['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 5n],
      ['0x0000000000000000000000000000000000000000', 0n],
    ])
  })
})
