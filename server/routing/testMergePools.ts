import { makeV2Pool, testAddress } from '../poolKinds/testPools'

const E18 = 10n ** 18n

/**
 * Test fixture: two A/B pools that pour into one deep B/D pool, and a shallow direct A/D pool. At 300 A the
 * best route is a split-and-merge flow over all four (pool-disjoint legs cannot use both A/B pools through
 * the deep one).
 */
export function makeMergePools() {
  const A = testAddress(0xa1)
  const B = testAddress(0xb2)
  const D = testAddress(0xd4)
  const p1 = makeV2Pool({ id: 1, tokenA: A, tokenB: B, reserveA: 1_000n * E18, reserveB: 1_000n * E18 })
  const p2 = makeV2Pool({
    id: 2,
    tokenA: A,
    tokenB: B,
    reserveA: 600n * E18,
    reserveB: 600n * E18,
    feeBps: 5,
  })
  const deep = makeV2Pool({ id: 3, tokenA: B, tokenB: D, reserveA: 100_000n * E18, reserveB: 100_000n * E18 })
  const direct = makeV2Pool({ id: 4, tokenA: A, tokenB: D, reserveA: 400n * E18, reserveB: 400n * E18 })
  return { A, B, D, p1, p2, deep, direct, pools: [p1, p2, deep, direct] }
}
