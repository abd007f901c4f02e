import { describe, expect, it } from 'vitest'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import { createHopCache } from './createHopCache'
import { RoutingError } from './RoutingError'

const poolA = makeV2Pool({
  id: 1,
  tokenA: testAddress(1),
  tokenB: testAddress(2),
  reserveA: 10n,
  reserveB: 10n,
})
const poolB = makeV2Pool({
  id: 2,
  tokenA: testAddress(1),
  tokenB: testAddress(2),
  reserveA: 10n,
  reserveB: 10n,
})
const hop = (n: number) => ({ sent: BigInt(n), received: BigInt(n + 1), ticksCrossed: 0 })

describe('createHopCache', () => {
  it('gives a request its own hop results but the shared simulators and route memo', () => {
    const cache = createHopCache()
    cache.hops(poolA, '>+0,0').set(1n, hop(1))
    const request = cache.forRequest()
    expect(request.hops(poolA, '>+0,0').get(1n)).toBeUndefined()
    request.hops(poolA, '>+0,0').set(2n, hop(2))
    expect([request.hops(poolA, '>+0,0').get(2n), cache.hops(poolA, '>+0,0').get(2n)]).toEqual([
      hop(2),
      undefined,
    ])
    expect(request.simulator(poolA, true)).toBe(cache.simulator(poolA, true))
    const pools = [poolA]
    expect(request.routes(pools)).toBe(cache.routes(pools))
    expect(request.forRequest()).toBe(request)
  })

  it('holds at most maxHopEntries hop results in all, keeping the recently read ones', () => {
    const cache = createHopCache({ maxHopEntries: 4 })
    const a = cache.hops(poolA, '>+0,0')
    const b = cache.hops(poolB, '<+0,0')
    a.set(1n, hop(1))
    b.set(2n, hop(2))
    // the newer generation is full (2 of 4): the next write starts another, keeping these two as the older one
    a.set(3n, hop(3))
    expect(a.get(1n)).toEqual(hop(1))
    // reading 1 moved it to the newer generation (now full: 3 and 1); 2 is dropped at the next rotation
    a.set(4n, hop(4))
    expect([a.get(1n), b.get(2n), a.get(3n), a.get(4n)]).toEqual([hop(1), undefined, hop(3), hop(4)])
  })

  it('tells a memoized failure (null) from a miss (undefined), per pool and slot', () => {
    const cache = createHopCache()
    cache.hops(poolA, '>+0,0').set(5n, null)
    expect([
      cache.hops(poolA, '>+0,0').get(5n),
      cache.hops(poolA, '<+0,0').get(5n),
      cache.hops(poolB, '>+0,0').get(5n),
    ]).toEqual([null, undefined, undefined])
  })

  it('keeps at most maxRoutes routes per pool list, least recently used dropped first', () => {
    const cache = createHopCache({ maxRoutes: 2 })
    const pools = [poolA, poolB]
    const memo = cache.routes(pools)
    const error = new RoutingError('NO_ROUTE', 'none')
    memo.set('x', error)
    memo.set('y', error)
    memo.get('x')
    memo.set('z', error)
    expect([cache.routes(pools).get('x'), memo.get('y'), memo.get('z'), memo.size]).toEqual([
      error,
      undefined,
      error,
      2,
    ])
    expect(cache.routes([poolA]).size).toBe(0)
  })
})
