import { describe, expect, it } from 'vitest'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import { selectDeepPools } from './selectDeepPools'

const token = testAddress(0x50)
const usdc = testAddress(0x10)
const weth = testAddress(0x90)
const other = testAddress(0x70)
const hubs = new Map([
  [usdc.toLowerCase(), { decimals: 6, usd: 1 }],
  [weth.toLowerCase(), { decimals: 18, usd: 2_000 }],
])

describe('selectDeepPools', () => {
  it('keeps pools whose hub side reaches the threshold exactly, deepest first', () => {
    const atThreshold = makeV2Pool({
      id: 1,
      tokenA: token,
      tokenB: usdc,
      reserveA: 5n,
      reserveB: 1_000_000_000n,
    })
    const below = makeV2Pool({ id: 2, tokenA: token, tokenB: usdc, reserveA: 5n, reserveB: 999_999_999n })
    // 0.5 WETH at $2,000: $1,000, the token on the other side this time (WETH sorts after it)
    const deep = makeV2Pool({ id: 3, tokenA: token, tokenB: weth, reserveA: 7n, reserveB: 6n * 10n ** 17n })
    const selected = selectDeepPools({ pools: [atThreshold, below, deep], token, hubs, minUsd: 1_000 })
    expect(selected.map((s) => [s.pool.address, s.hubSideUsd])).toEqual([
      [deep.address, 1_200],
      [atThreshold.address, 1_000],
    ])
  })
  it('leaves out pools against an unpriced token, of other tokens, and empty ones', () => {
    const unpriced = makeV2Pool({ id: 4, tokenA: token, tokenB: other, reserveA: 1n, reserveB: 10n ** 30n })
    const notOfToken = makeV2Pool({
      id: 5,
      tokenA: usdc,
      tokenB: weth,
      reserveA: 10n ** 12n,
      reserveB: 10n ** 21n,
    })
    const empty = makeV2Pool({ id: 6, tokenA: token, tokenB: usdc, reserveA: 0n, reserveB: 0n })
    expect(selectDeepPools({ pools: [unpriced, notOfToken, empty], token, hubs, minUsd: 0 })).toEqual([])
  })
})
