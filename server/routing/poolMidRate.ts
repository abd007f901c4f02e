import { poolKindOf } from '../poolKinds/poolKinds'
import type { PoolState } from './types'

/**
 * Each pool's mid rates (token1 per token0, token0 per token1), as floats: pool objects do not change (a new
 * state is a new object), and every search of every request over a snapshot asks them again.
 */
const midRates = new WeakMap<PoolState, [number, number]>()

/** The pool's marginal rate of tokenOut per tokenIn before any trade and fee (`midPrice`), as a float; memoized. */
export function poolMidRate(pool: PoolState, zeroForOne: boolean): number {
  let rates = midRates.get(pool)
  if (!rates) {
    rates = [Number.NaN, Number.NaN]
    midRates.set(pool, rates)
  }
  const side = zeroForOne ? 0 : 1
  let rate = rates[side]
  if (Number.isNaN(rate)) {
    const price = poolKindOf(pool).midPrice(pool, zeroForOne)
    rate = Number(price.num) / Number(price.den)
    rates[side] = rate
  }
  return rate
}

/**
 * The most a pool pays per unit of input (its mid rate after its fee): no trade through it gets more, for any
 * amount (each pool kind's output is concave in its input).
 */
export function poolSpotRate(pool: PoolState, zeroForOne: boolean): number {
  return poolMidRate(pool, zeroForOne) * (1 - poolKindOf(pool).feePips(pool) / 1_000_000)
}
