import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  getAddress,
  type Hex,
  type Log,
  type PublicClient,
  zeroHash,
} from 'viem'
import { describe, expect, it } from 'vitest'
import type { PoolReader } from '../PoolKind'
import { makeV3Pool, testAddress } from '../testPools'
import { bitmapWordRange } from './bitmapWordRange'
import { simulateV3Swap } from './simulateV3Swap'
import { getSqrtRatioAtTick } from './tickMath'
import { v3PoolAbi } from './uniswapV3Abis'
import { uniswapV3PoolKind as kind } from './uniswapV3PoolKind'
import type { V3PoolState } from './V3PoolState'

// pool sync keys pools by checksummed address, as discovery spells them
const pool: V3PoolState = {
  ...makeV3Pool({
    id: 1,
    token0: testAddress(1),
    token1: testAddress(2),
    tick: 0,
    positions: [{ lower: -600, upper: 600, liquidity: 10n ** 21n }],
  }),
  address: getAddress(testAddress(0xabcdef)),
}
const at = {
  blockHash: zeroHash,
  blockNumber: 5n,
  transactionHash: zeroHash,
  transactionIndex: 0,
  removed: false,
}

function swapLog(sqrtPriceX96: bigint, liquidity: bigint, tick: number, logIndex: number): Log {
  const topics = encodeEventTopics({
    abi: v3PoolAbi,
    eventName: 'Swap',
    args: { sender: testAddress(7), recipient: testAddress(8) },
  }) as [Hex, ...Hex[]]
  const data = encodeAbiParameters(
    [{ type: 'int256' }, { type: 'int256' }, { type: 'uint160' }, { type: 'uint128' }, { type: 'int24' }],
    [1n, -1n, sqrtPriceX96, liquidity, tick],
  )
  return { ...at, address: pool.address.toLowerCase() as Address, topics, data, logIndex }
}

function mintLog(tickLower: number, tickUpper: number, logIndex: number): Log {
  const topics = encodeEventTopics({
    abi: v3PoolAbi,
    eventName: 'Mint',
    args: { owner: testAddress(7), tickLower, tickUpper },
  }) as [Hex, ...Hex[]]
  const data = encodeAbiParameters(
    [{ type: 'address' }, { type: 'uint128' }, { type: 'uint256' }, { type: 'uint256' }],
    [testAddress(7), 5n, 1n, 1n],
  )
  return { ...at, address: pool.address, topics, data, logIndex }
}

describe('uniswapV3PoolKind', () => {
  it('applies a Swap from the log alone', async () => {
    const reader: PoolReader = {
      multicall: () => Promise.reject(new Error('no read expected')),
      getContractEvents: () => Promise.reject(new Error('no discovery expected')),
    }
    const sqrt = getSqrtRatioAtTick(60)
    const changed = await kind.applyPoolLogs(reader, {
      pools: new Map([[pool.address, pool]]),
      logs: [swapLog(sqrt, 123n, 60, 0)],
      blockNumber: 5n,
      multicallAddress: testAddress(0),
    })
    expect(changed.get(pool.address)).toEqual({ ...pool, sqrtPriceX96: sqrt, liquidity: 123n, tick: 60 })
  })

  it('re-reads liquidity and the touched ticks after a Mint, at the logs block, dropping emptied ticks', async () => {
    const calls: unknown[] = []
    const multicall = (async (args: { blockNumber?: bigint; contracts: readonly unknown[] }) => {
      calls.push({ blockNumber: args.blockNumber, count: args.contracts.length })
      // liquidity(), ticks(-600) now uninitialized, ticks(1200) newly initialized
      return [777n, [0n, 0n], [5n, -5n]]
    }) as unknown as PublicClient['multicall']
    const reader: PoolReader = {
      multicall,
      getContractEvents: () => Promise.reject(new Error('no discovery')),
    }
    const changed = await kind.applyPoolLogs(reader, {
      pools: new Map([[pool.address, pool]]),
      logs: [mintLog(-600, 1200, 0)],
      blockNumber: 9n,
      multicallAddress: testAddress(0),
    })
    expect(calls).toEqual([{ blockNumber: 9n, count: 3 }])
    expect(changed.get(pool.address)).toEqual({
      ...pool,
      liquidity: 777n,
      ticks: [
        { index: 600, liquidityNet: -(10n ** 21n) },
        { index: 1200, liquidityNet: -5n },
      ],
    })
  })

  it('swaps with UniswapV3Pool.swap math and prices gas per tick crossed', () => {
    const sim = kind.createHopSimulator(pool, true)
    const expected = simulateV3Swap(pool, { zeroForOne: true, amountSpecified: 10n ** 18n })
    expect(sim.exactIn(10n ** 18n)).toEqual({
      amountIn: expected.amountIn,
      amountOut: expected.amountOut,
      ticksCrossed: expected.ticksCrossed,
      endSegment: 1,
      endsAt: 'inside',
      complete: true,
    })
    expect(kind.hopGasUnits(0)).toBe(80_000n)
    expect(kind.hopGasUnits(3)).toBe(125_000n)
  })

  it("keys a swap's code path by the price segment it ends in and the ticks it crosses", () => {
    // a second range to [-1800, 1800): a swap down past tick -600 crosses it and goes on
    const wide = makeV3Pool({
      id: 2,
      token0: testAddress(1),
      token1: testAddress(2),
      tick: 0,
      positions: [
        { lower: -600, upper: 600, liquidity: 10n ** 21n },
        { lower: -1800, upper: 1800, liquidity: 10n ** 21n },
      ],
    })
    const E18 = 10n ** 18n
    // the first segment is the price at tick 0 itself, the second runs down to tick -600
    expect(kind.swapPathKey(wide, true, E18, true)).toBe('1:inside:0')
    expect(kind.swapPathKey(wide, true, 2n * E18, true)).toBe('1:inside:0')
    expect(kind.swapPathKey(wide, true, 100n * E18, true)).toBe('2:inside:1')
    expect(kind.createHopSimulator(wide, true).exactIn(100n * E18)).toMatchObject({
      ticksCrossed: 1,
      complete: true,
    })
    // exact output along the same segments; the other direction has its own
    expect(kind.swapPathKey(wide, true, E18, false)).toBe('1:inside:0')
    expect(kind.swapPathKey(wide, false, E18, true)).toBe('0:inside:0')
    // the whole of the first range's segment down to tick -600 takes the step to its target and crosses the
    // tick, a wei less stops inside it (the amount is what the narrow pool can take in all)
    const all = kind.createHopSimulator(pool, true).exactIn(10n ** 20n)
    expect(all).toMatchObject({ amountIn: 30_544_622_242_640_679_200n, complete: false })
    expect(kind.swapPathKey(pool, true, all.amountIn, true)).toBe('1:end:1')
    expect(kind.swapPathKey(pool, true, all.amountIn - 1n, true)).toBe('1:inside:0')
  })

  it('describes itself to the router, the API and the contract', () => {
    const q192 = 1n << 192n
    expect(kind.contractKind).toBe(1)
    expect(kind.acceptsTaxedInput).toBe(false)
    expect(kind.midPrice(pool, true)).toEqual({ num: pool.sqrtPriceX96 ** 2n, den: q192 })
    expect(kind.midPrice(pool, false)).toEqual({ num: q192, den: pool.sqrtPriceX96 ** 2n })
    expect(kind.feePips(pool)).toBe(3000)
    expect(kind.contractHopFee(pool)).toBe(3000)
    expect(kind.isUsable(pool)).toBe(true)
    expect(kind.isUsable({ ...pool, liquidity: 0n, ticks: [] })).toBe(false)
  })

  it('reads every bitmap word a spacing can use', () => {
    // floor(-887272 / 60) >> 8 = -58, floor(887272 / 60) >> 8 = 57
    expect(bitmapWordRange(60)).toEqual({ first: -58, last: 57 })
    expect(bitmapWordRange(1)).toEqual({ first: -3466, last: 3465 })
  })
})
