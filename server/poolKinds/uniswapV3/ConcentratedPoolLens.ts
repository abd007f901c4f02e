import type { ContractFunctionParameters } from 'viem'

/**
 * How the state of one kind of concentrated-liquidity pool is read, one contract call per part: Uniswap V3 asks
 * the pool itself, Uniswap V4 asks its StateView for the pool id. The calls answer as V3's do: `slot0` starts with
 * (sqrtPriceX96, tick), `liquidity` is the in-range liquidity, `tickBitmap` one bitmap word, and `tick` starts with
 * (liquidityGross, liquidityNet).
 */
export interface ConcentratedPoolLens<P> {
  slot0(pool: P): ContractFunctionParameters
  liquidity(pool: P): ContractFunctionParameters
  tickBitmap(pool: P, word: number): ContractFunctionParameters
  tick(pool: P, tick: number): ContractFunctionParameters
}
