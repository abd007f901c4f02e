import { describe, expect, it } from 'vitest'
import { makeV2Pool, makeV3Pool, testAddress } from '../poolKinds/testPools'
import { createPoolIndex, replacePoolStates } from './createPoolIndex'

const A = testAddress(0xa1)
const B = testAddress(0xb2)
const v2 = makeV2Pool({ id: 1, tokenA: A, tokenB: B, reserveA: 10n, reserveB: 20n })
const v2b = makeV2Pool({ id: 2, tokenA: A, tokenB: B, reserveA: 30n, reserveB: 40n })
const v3 = makeV3Pool({ id: 3, token0: A, token1: B, tick: 0, positions: [] })

describe('createPoolIndex', () => {
  it('indexes each pool by address (its position) and by kind', () => {
    const index = createPoolIndex([v2, v3, v2b])
    expect(index.addresses).toEqual([v2.address, v3.address, v2b.address])
    expect(index.positions.get(v2b.address)).toBe(2)
    expect([...(index.byKind.get('uniswap-v2')?.keys() ?? [])]).toEqual([v2.address, v2b.address])
    expect(index.byKind.get('uniswap-v3')?.get(v3.address)).toBe(v3)
  })

  it('puts changed states in their places, the old list untouched, and refuses a pool it does not list', () => {
    const pools = Object.freeze([v2, v3, v2b])
    const moved = { ...v2b, reserve0: 31n }
    const next = replacePoolStates(createPoolIndex(pools), [moved])
    expect(next.pools).toEqual([v2, v3, moved])
    expect(Object.isFrozen(next.pools)).toBe(true)
    expect(pools[2]).toBe(v2b)
    expect(next.byKind.get('uniswap-v2')?.get(v2b.address)).toBe(moved)
    const stranger = makeV2Pool({ id: 9, tokenA: A, tokenB: B, reserveA: 1n, reserveB: 1n })
    expect(() => replacePoolStates(next, [stranger])).toThrow('is not in the snapshot')
  })
})
