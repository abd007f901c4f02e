import type { HopSimulator, Price } from '../PoolKind'
import type { V3SwapQuoter } from './createV3SwapQuoter'
import type { ConcentratedLiquidity } from './V3PoolState'

const Q192 = 1n << 192n

/** The members of `PoolKind` every concentrated-liquidity kind derives alike from its exact quoter and its price. */
export interface ConcentratedPoolMath<S extends ConcentratedLiquidity> {
  createHopSimulator(pool: S, zeroForOne: boolean): HopSimulator
  swapPathKey(pool: S, zeroForOne: boolean, amount: bigint, exactIn: boolean): string
  midPrice(pool: S, zeroForOne: boolean): Price
  virtualReserves(pool: S): readonly [number, number] | undefined
  feePips(pool: S): number
}

/**
 * Hop simulators, swap path keys (the quote's last segment, where it ends in it, ticks crossed), mid price
 * (sqrtPriceX96², token1 per token0) and in-range virtual reserves of a concentrated pool, from `quoterOf`, the
 * kind's cached exact quoter of a pool state in one direction (Uniswap V3 and V4 share V3's; Algebra has its own).
 */
export function concentratedPoolMath<S extends ConcentratedLiquidity>(
  quoterOf: (pool: S, zeroForOne: boolean) => V3SwapQuoter,
): ConcentratedPoolMath<S> {
  return {
    createHopSimulator(pool, zeroForOne) {
      const quoter = quoterOf(pool, zeroForOne)
      return {
        exactIn: (amountIn) => quoter.quoteExactIn(amountIn),
        exactOut: (out) => quoter.quoteExactOut(out),
        approxExactIn: (amountIn, crossed) => quoter.approxExactIn(amountIn, crossed),
      }
    },
    swapPathKey(pool, zeroForOne, amount, exactIn) {
      const quote = exactIn
        ? quoterOf(pool, zeroForOne).quoteExactIn(amount)
        : quoterOf(pool, zeroForOne).quoteExactOut(amount)
      return `${quote.endSegment}:${quote.endsAt}:${quote.ticksCrossed}`
    },
    midPrice(pool, zeroForOne) {
      const p = pool.sqrtPriceX96 * pool.sqrtPriceX96
      return zeroForOne ? { num: p, den: Q192 } : { num: Q192, den: p }
    },
    virtualReserves(pool) {
      if (pool.liquidity === 0n || pool.sqrtPriceX96 === 0n) return undefined
      const sqrtP = Number(pool.sqrtPriceX96) / 2 ** 96
      const l = Number(pool.liquidity)
      return [l / sqrtP, l * sqrtP]
    },
    feePips: (pool) => pool.fee,
  }
}
