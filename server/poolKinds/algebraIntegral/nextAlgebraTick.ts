import { upperBoundTick } from '../uniswapV3/nextInitializedTickWithinOneWord'
import { MAX_TICK, MIN_TICK } from '../uniswapV3/tickMath'
import type { V3Tick } from '../uniswapV3/V3PoolState'

/**
 * The tick an Algebra Integral swap step moves to from `tick`: going down (`zeroForOne`), the highest initialized
 * tick at or below it (the pool's `prevTickGlobal`), else MIN_TICK; going up, the lowest initialized tick above it
 * (`nextTickGlobal`), else MAX_TICK. Those are the pool's linked list of ticks, whose ends MIN_TICK and MAX_TICK are
 * always there; unlike Uniswap V3's bitmap search, no 256-tick word edge splits a step. `ticks` is sorted ascending.
 */
export function nextAlgebraTick(ticks: readonly V3Tick[], tick: number, zeroForOne: boolean): number {
  const i = upperBoundTick(ticks, tick)
  return zeroForOne ? (ticks[i - 1]?.index ?? MIN_TICK) : (ticks[i]?.index ?? MAX_TICK)
}
