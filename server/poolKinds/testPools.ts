import type { Address } from 'viem'
import type { V2PoolState } from './uniswapV2/V2PoolState'
import { getSqrtRatioAtTick } from './uniswapV3/tickMath'
import type { V3PoolState, V3Tick } from './uniswapV3/V3PoolState'

/** Test fixture: a deterministic address from a small number. */
export function testAddress(n: number): Address {
  return `0x${n.toString(16).padStart(40, '0')}` as Address
}

/** Test fixture: a V2 pair with tokens sorted as the factory would. */
export function makeV2Pool(params: {
  id: number
  tokenA: Address
  tokenB: Address
  reserveA: bigint
  reserveB: bigint
  exchangeId?: string
  factoryId?: number
  feeBps?: number
}): V2PoolState {
  const aFirst = params.tokenA.toLowerCase() < params.tokenB.toLowerCase()
  return {
    kind: 'uniswap-v2',
    address: testAddress(0xf000 + params.id),
    exchangeId: params.exchangeId ?? 'uniswap-v2',
    factoryId: params.factoryId ?? 0,
    token0: aFirst ? params.tokenA : params.tokenB,
    token1: aFirst ? params.tokenB : params.tokenA,
    reserve0: aFirst ? params.reserveA : params.reserveB,
    reserve1: aFirst ? params.reserveB : params.reserveA,
    feeBps: params.feeBps ?? 30,
  }
}

/** Test fixture: a V3 pool built from positions (liquidity on [lower, upper)), with consistent liquidityNet. */
export function makeV3Pool(params: {
  id: number
  token0: Address
  token1: Address
  tick: number
  sqrtPriceX96?: bigint
  fee?: number
  tickSpacing?: number
  positions: readonly { lower: number; upper: number; liquidity: bigint }[]
  exchangeId?: string
  factoryId?: number
}): V3PoolState {
  const net = new Map<number, bigint>()
  let liquidity = 0n
  for (const p of params.positions) {
    net.set(p.lower, (net.get(p.lower) ?? 0n) + p.liquidity)
    net.set(p.upper, (net.get(p.upper) ?? 0n) - p.liquidity)
    if (p.lower <= params.tick && params.tick < p.upper) liquidity += p.liquidity
  }
  const ticks: V3Tick[] = [...net.entries()]
    .filter(([, liquidityNet]) => liquidityNet !== 0n)
    .map(([index, liquidityNet]) => ({ index, liquidityNet }))
    .sort((a, b) => a.index - b.index)
  return {
    kind: 'uniswap-v3',
    address: testAddress(0xe000 + params.id),
    exchangeId: params.exchangeId ?? 'uniswap-v3',
    factoryId: params.factoryId ?? 1,
    token0: params.token0,
    token1: params.token1,
    fee: params.fee ?? 3000,
    tickSpacing: params.tickSpacing ?? 60,
    sqrtPriceX96: params.sqrtPriceX96 ?? getSqrtRatioAtTick(params.tick),
    tick: params.tick,
    liquidity,
    ticks,
  }
}

/**
 * Test fixture: a V3 pool of spacing 1 (256 ticks a bitmap word) whose positions reach from word -12 to word 11,
 * its price in word 0 (tick 3): what a load reads around the price is a part of it.
 */
export function makeWideV3Pool(): V3PoolState {
  const e18 = 10n ** 18n
  return makeV3Pool({
    id: 1,
    token0: testAddress(1),
    token1: testAddress(2),
    tick: 3,
    tickSpacing: 1,
    fee: 500,
    positions: [
      { lower: -3_000, upper: 3_000, liquidity: 4n * e18 },
      { lower: -600, upper: 700, liquidity: 9n * e18 },
      { lower: 100, upper: 200, liquidity: 20n * e18 },
      { lower: -2_600, upper: -2_000, liquidity: 5n * e18 },
    ],
  })
}
