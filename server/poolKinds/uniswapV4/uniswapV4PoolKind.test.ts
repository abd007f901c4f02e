import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  type Log,
  type PublicClient,
  zeroAddress,
  zeroHash,
} from 'viem'
import { describe, expect, it } from 'vitest'
import type { ExchangeInfo } from '../../chains/deployment'
import type { PoolReader } from '../PoolKind'
import { makeV3Pool, testAddress } from '../testPools'
import { getSqrtRatioAtTick } from '../uniswapV3/tickMath'
import { v4PoolManagerAbi } from './uniswapV4Abis'
import { uniswapV4PoolKind as kind } from './uniswapV4PoolKind'
import type { V4PoolState } from './V4PoolState'

const manager = testAddress(0x4444)
const stateView = testAddress(0x5555)
const weth = testAddress(0xeeee)
const [usdc, dai] = [testAddress(1), testAddress(2)]
const exchange: ExchangeInfo = {
  id: 'uniswap-v4',
  name: 'Uniswap V4',
  kind: 'uniswap-v4',
  factory: manager,
  initCodeHash: zeroHash,
  aggregatorFactoryId: 3,
  v4: {
    stateView,
    entries: [
      { tickSpacing: 10, native: false, factoryId: 3 },
      { tickSpacing: 10, native: true, factoryId: 4 },
      { tickSpacing: 60, native: false, factoryId: 5 },
    ],
  },
}
const at = {
  blockHash: zeroHash,
  blockNumber: 5n,
  transactionHash: zeroHash,
  transactionIndex: 0,
  removed: false,
}
const poolId = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

function initializeLog(params: {
  id: Hex
  currency0: Address
  currency1: Address
  fee: number
  tickSpacing: number
  hooks?: Address
}): Log {
  const topics = encodeEventTopics({
    abi: v4PoolManagerAbi,
    eventName: 'Initialize',
    args: { id: params.id, currency0: params.currency0, currency1: params.currency1 },
  }) as [Hex, ...Hex[]]
  const data = encodeAbiParameters(
    [{ type: 'uint24' }, { type: 'int24' }, { type: 'address' }, { type: 'uint160' }, { type: 'int24' }],
    [params.fee, params.tickSpacing, params.hooks ?? zeroAddress, 2n ** 96n, 0],
  )
  return { ...at, address: manager, topics, data, logIndex: 0 }
}

const pool: V4PoolState = {
  ...makeV3Pool({
    id: 1,
    token0: usdc,
    token1: dai,
    tick: 0,
    tickSpacing: 10,
    positions: [{ lower: -600, upper: 600, liquidity: 10n ** 21n }],
  }),
  kind: 'uniswap-v4',
  address: poolId(0xabc) as Address,
  exchangeId: 'uniswap-v4',
  factoryId: 3,
  native: false,
  stateView,
  protocolFee: 0,
}

function managerLog(eventName: 'Swap' | 'ModifyLiquidity', id: Hex, values: readonly unknown[]): Log {
  const topics = encodeEventTopics({
    abi: v4PoolManagerAbi,
    eventName,
    args: { id, sender: testAddress(7) },
  }) as [Hex, ...Hex[]]
  const types =
    eventName === 'Swap'
      ? ['int128', 'int128', 'uint160', 'uint128', 'int24', 'uint24']
      : ['int24', 'int24', 'int256', 'bytes32']
  const data = encodeAbiParameters(
    types.map((type) => ({ type })),
    values,
  )
  return { ...at, address: manager, topics, data, logIndex: 0 }
}

describe('uniswapV4PoolKind', () => {
  it('follows hookless static-fee pools of known tokens with an Aggregator entry, native ETH as wrapped', () => {
    const known = new Set([usdc, dai, weth])
    const logs = [
      initializeLog({ id: poolId(1), currency0: usdc, currency1: dai, fee: 100, tickSpacing: 10 }),
      initializeLog({ id: poolId(2), currency0: zeroAddress, currency1: usdc, fee: 500, tickSpacing: 10 }),
      // a hook, a dynamic fee, a spacing with no entry, an unknown token: not followed
      initializeLog({
        id: poolId(3),
        currency0: usdc,
        currency1: dai,
        fee: 100,
        tickSpacing: 10,
        hooks: testAddress(9),
      }),
      initializeLog({ id: poolId(4), currency0: usdc, currency1: dai, fee: 0x800000, tickSpacing: 10 }),
      initializeLog({ id: poolId(5), currency0: usdc, currency1: dai, fee: 3000, tickSpacing: 200 }),
      initializeLog({
        id: poolId(6),
        currency0: usdc,
        currency1: testAddress(99),
        fee: 3000,
        tickSpacing: 60,
      }),
    ]
    const pools = kind.poolsFromCreationLogs(logs, {
      exchange,
      isKnownToken: (t) => known.has(t),
      wrappedNative: weth,
    })
    expect(pools).toEqual([
      {
        kind: 'uniswap-v4',
        address: poolId(1),
        exchangeId: 'uniswap-v4',
        factoryId: 3,
        token0: usdc,
        token1: dai,
        fee: 100,
        tickSpacing: 10,
        native: false,
        stateView,
      },
      {
        kind: 'uniswap-v4',
        address: poolId(2),
        exchangeId: 'uniswap-v4',
        factoryId: 4,
        token0: weth,
        token1: usdc,
        fee: 500,
        tickSpacing: 10,
        native: true,
        stateView,
      },
    ])
  })

  it('finds a log pool by its id (topic 1), not by the manager that emitted it', () => {
    const log = managerLog('Swap', poolId(0xabc), [1n, -1n, 2n ** 96n, 5n, 0, 100])
    expect(kind.poolIdOfLog?.(log)).toBe(poolId(0xabc))
  })

  it('applies a Swap from the log alone and re-reads ticks after ModifyLiquidity through StateView', async () => {
    const calls: { address: Address; functionName: string; args?: readonly unknown[] }[] = []
    const multicall = (async (args: {
      contracts: readonly { address: Address; functionName: string; args?: readonly unknown[] }[]
    }) => {
      calls.push(...args.contracts)
      // getLiquidity, getTickLiquidity(-600) now empty, getTickLiquidity(1200) new
      return [777n, [0n, 0n], [5n, -5n]]
    }) as unknown as PublicClient['multicall']
    const reader: PoolReader = {
      multicall,
      getContractEvents: () => Promise.reject(new Error('no discovery')),
    }
    const sqrt = getSqrtRatioAtTick(60)
    const swapped = await kind.applyPoolLogs(reader, {
      pools: new Map([[pool.address, pool]]),
      logs: [managerLog('Swap', pool.address, [1n, -1n, sqrt, 123n, 60, 100])],
      blockNumber: 5n,
      multicallAddress: testAddress(0),
    })
    expect(swapped.get(pool.address)).toEqual({ ...pool, sqrtPriceX96: sqrt, liquidity: 123n, tick: 60 })
    expect(calls).toEqual([])
    const modified = await kind.applyPoolLogs(reader, {
      pools: new Map([[pool.address, pool]]),
      logs: [managerLog('ModifyLiquidity', pool.address, [-600, 1200, 5n, zeroHash])],
      blockNumber: 9n,
      multicallAddress: testAddress(0),
    })
    expect(calls.map((c) => [c.address, c.functionName, c.args])).toEqual([
      [stateView, 'getLiquidity', [pool.address]],
      [stateView, 'getTickLiquidity', [pool.address, -600]],
      [stateView, 'getTickLiquidity', [pool.address, 1200]],
    ])
    expect(modified.get(pool.address)).toEqual({
      ...pool,
      liquidity: 777n,
      ticks: [
        { index: 600, liquidityNet: -(10n ** 21n) },
        { index: 1200, liquidityNet: -5n },
      ],
    })
  })

  it('does not route a pool with a protocol fee (its math is not modelled)', () => {
    expect(kind.isUsable(pool)).toBe(true)
    expect(kind.isUsable({ ...pool, protocolFee: 1000 })).toBe(false)
  })
})
