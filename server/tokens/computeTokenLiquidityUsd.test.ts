import { describe, expect, it } from 'vitest'
import type { V2PoolState } from '../poolKinds/uniswapV2/V2PoolState'
import type { V3PoolState } from '../poolKinds/uniswapV3/V3PoolState'
import { computeTokenLiquidityUsd } from './computeTokenLiquidityUsd'

const weth = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const pepe = '0x6982508145454Ce325dDbE47a25d4ec3d2311933'

const v2 = (
  token0: `0x${string}`,
  token1: `0x${string}`,
  reserve0: bigint,
  reserve1: bigint,
): V2PoolState => ({
  kind: 'uniswap-v2',
  address: '0x0000000000000000000000000000000000000001',
  exchangeId: 'uniswap-v2',
  factoryId: 0,
  token0,
  token1,
  reserve0,
  reserve1,
  feeBps: 30,
})

describe('computeTokenLiquidityUsd', () => {
  const tokens = [
    { address: weth, decimals: 18 },
    { address: usdc, decimals: 6 },
    { address: pepe, decimals: 18 },
  ] as const
  const prices = new Map([
    [weth, 2000],
    [usdc, 1],
  ] as const)

  it('sums each side of every V2 pool at its USD price, skipping unpriced tokens', () => {
    const pools = [
      v2(usdc, weth, 4_000_000n * 10n ** 6n, 2_000n * 10n ** 18n),
      v2(pepe, weth, 10n ** 30n, 10n * 10n ** 18n),
    ]
    const liquidity = computeTokenLiquidityUsd(pools, tokens, prices)
    expect(liquidity.get(usdc)).toBe(4_000_000)
    expect(liquidity.get(weth)).toBe(4_000_000 + 20_000)
    expect(liquidity.has(pepe)).toBe(false)
  })

  it('uses the in-range virtual reserves of a V3 pool and ignores an empty one', () => {
    const base: Omit<V3PoolState, 'liquidity' | 'sqrtPriceX96'> = {
      kind: 'uniswap-v3',
      address: '0x0000000000000000000000000000000000000002',
      exchangeId: 'uniswap-v3',
      factoryId: 1,
      token0: usdc,
      token1: weth,
      fee: 500,
      tickSpacing: 10,
      tick: 0,
      ticks: [],
    }
    // sqrtP = 2^-10 in raw units: virtual reserves L * 2^10 (usdc) and L / 2^10 (weth).
    const pool: V3PoolState = { ...base, liquidity: 10n ** 12n, sqrtPriceX96: 2n ** 86n }
    const liquidity = computeTokenLiquidityUsd(
      [pool, { ...base, liquidity: 0n, sqrtPriceX96: 2n ** 86n }],
      tokens,
      prices,
    )
    expect(liquidity.get(usdc)).toBeCloseTo((10 ** 12 * 1024) / 10 ** 6, 6)
    expect(liquidity.get(weth)).toBeCloseTo((10 ** 12 / 1024 / 10 ** 18) * 2000, 12)
  })
})
