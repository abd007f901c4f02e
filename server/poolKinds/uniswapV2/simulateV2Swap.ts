import type { PoolSwapResult } from '../PoolKind'
import { SwapRevertError } from '../SwapRevertError'
import { getAmountIn } from './getAmountIn'
import { getAmountOut } from './getAmountOut'
import type { V2PoolState } from './V2PoolState'

export interface SimulateV2SwapParams {
  zeroForOne: boolean
  /** > 0: exact input the pair receives; < 0: exact output. Same convention as simulateV3Swap. */
  amountSpecified: bigint
}

/**
 * Simulates a V2 pair swap: exact input via getAmountOut, exact output via getAmountIn. Returns the amounts and
 * the pair's reserves afterwards (the input is not mutated). Throws SwapRevertError when the pair would revert
 * (zero output, output >= reserve).
 */
export function simulateV2Swap(pool: V2PoolState, params: SimulateV2SwapParams): PoolSwapResult<V2PoolState> {
  const { zeroForOne, amountSpecified } = params
  const [reserveIn, reserveOut] = zeroForOne ? [pool.reserve0, pool.reserve1] : [pool.reserve1, pool.reserve0]
  let amountIn: bigint
  let amountOut: bigint
  if (amountSpecified > 0n) {
    amountIn = amountSpecified
    amountOut = getAmountOut(amountIn, reserveIn, reserveOut, pool.feeBps)
    if (amountOut === 0n) throw new SwapRevertError('INSUFFICIENT_OUTPUT_AMOUNT')
  } else {
    amountOut = -amountSpecified
    amountIn = getAmountIn(amountOut, reserveIn, reserveOut, pool.feeBps)
  }
  const newIn = reserveIn + amountIn
  const newOut = reserveOut - amountOut
  return {
    amountIn,
    amountOut,
    pool: zeroForOne
      ? { ...pool, reserve0: newIn, reserve1: newOut }
      : { ...pool, reserve0: newOut, reserve1: newIn },
    ticksCrossed: 0,
    complete: true,
  }
}
