import {
  type AbiEvent,
  type AbiParameter,
  type Address,
  encodeAbiParameters,
  getAddress,
  type Hex,
  type Log,
  type PublicClient,
  toEventSelector,
  zeroHash,
} from 'viem'
import { describe, expect, it } from 'vitest'
import type { PoolReader } from '../PoolKind'
import { makeV3Pool, testAddress } from '../testPools'
import { getSqrtRatioAtTick } from '../uniswapV3/tickMath'
import type { AlgebraPoolState } from './AlgebraPoolState'
import { algebraPoolAbi } from './algebraIntegralAbis'
import { algebraIntegralPoolKind as kind } from './algebraIntegralPoolKind'
import { simulateAlgebraSwap } from './simulateAlgebraSwap'

const E18 = 10n ** 18n
const pool: AlgebraPoolState = {
  ...makeV3Pool({
    id: 1,
    token0: testAddress(1),
    token1: testAddress(2),
    tick: 0,
    fee: 500,
    positions: [
      { lower: -600, upper: 600, liquidity: 1000n * E18 },
      { lower: -1800, upper: 1800, liquidity: 1000n * E18 },
    ],
  }),
  // pool sync keys pools by checksummed address, as discovery spells them
  address: getAddress(testAddress(0xabcdef)),
  kind: 'algebra-integral',
  pluginConfig: 0,
}
const noReads: PoolReader = {
  multicall: () => Promise.reject(new Error('no read expected')),
  getContractEvents: () => Promise.reject(new Error('no discovery expected')),
}

/** A log of `eventName` from the pool with `args` (indexed ones in topics), in block 5. */
function logOf(eventName: string, args: Record<string, unknown>, logIndex: number): Log {
  const events: readonly AbiEvent[] = algebraPoolAbi.filter((item) => item.type === 'event')
  const event = events.find((item) => item.name === eventName)
  if (!event) throw new Error(`no event ${eventName}`)
  const argOf = (input: AbiParameter) => args[input.name ?? '']
  const indexed = event.inputs.filter((input) => input.indexed)
  const plain = event.inputs.filter((input) => !input.indexed)
  const topics: [Hex, ...Hex[]] = [
    toEventSelector(event),
    ...indexed.map((input) => encodeAbiParameters([input], [argOf(input)])),
  ]
  const data = encodeAbiParameters(plain, plain.map(argOf))
  return {
    address: pool.address.toLowerCase() as Address,
    topics,
    data,
    logIndex,
    blockHash: zeroHash,
    blockNumber: 5n,
    transactionHash: zeroHash,
    transactionIndex: 0,
    removed: false,
  }
}

/** A multicall over a fake pool whose tick tree holds `ticks` (liquidityDelta by tick), answering every read. */
function fakeChain(
  head: { globalState: readonly unknown[]; liquidity: bigint; tickSpacing: number },
  ticks: Map<number, bigint>,
) {
  const calls: { blockNumber?: bigint; functions: string[] }[] = []
  const bitsOf = (indices: number[]) => indices.reduce((word, bit) => word | (1n << BigInt(bit)), 0n)
  const nodes = [...ticks.keys()].map((t) => (t >> 8) + 3466)
  const answer = (functionName: string, args: readonly unknown[]) => {
    const index = Number(args[0] ?? 0)
    if (functionName === 'globalState') return head.globalState
    if (functionName === 'liquidity') return head.liquidity
    if (functionName === 'tickSpacing') return head.tickSpacing
    if (functionName === 'tickTreeSecondLayer')
      return bitsOf(nodes.filter((n) => n >> 8 === index).map((n) => n & 255))
    if (functionName === 'tickTable')
      return bitsOf([...ticks.keys()].filter((t) => t >> 8 === index).map((t) => t & 255))
    if (functionName === 'ticks') {
      const delta = ticks.get(index)
      return delta === undefined ? [0n, 0n, 0, 0, 0n, 0n] : [1n, delta, 0, 0, 0n, 0n]
    }
    throw new Error(`unexpected ${functionName}`)
  }
  const multicall = (async (params: {
    blockNumber?: bigint
    contracts: readonly { functionName: string; args?: readonly unknown[] }[]
  }) => {
    calls.push({ blockNumber: params.blockNumber, functions: params.contracts.map((c) => c.functionName) })
    return params.contracts.map((c) => answer(c.functionName, c.args ?? []))
  }) as unknown as PublicClient['multicall']
  const reader: PoolReader = { multicall, getContractEvents: noReads.getContractEvents }
  return { reader, calls }
}

describe('algebraIntegralPoolKind', () => {
  it('reads a pool from its tick tree: second layer, leaves of uncompressed ticks, then each tick', async () => {
    const ticks = new Map([
      [-887_272, 5n],
      [-60, 7n],
      [0, -2n],
      [255, 1n],
      [256, -1n],
      [887_000, -10n],
    ])
    const price = getSqrtRatioAtTick(3)
    const { reader, calls } = fakeChain(
      { globalState: [price, 3, 2500, 128, 0, true], liquidity: 9n, tickSpacing: 1 },
      ticks,
    )
    const [state] = await kind.readPoolStates(reader, {
      pools: [pool],
      blockNumber: 8n,
      multicallAddress: testAddress(0),
    })
    expect(state).toEqual({
      ...pool,
      sqrtPriceX96: price,
      tick: 3,
      fee: 2500,
      pluginConfig: 128,
      tickSpacing: 1,
      liquidity: 9n,
      ticks: [...ticks].map(([index, liquidityNet]) => ({ index, liquidityNet })),
    })
    // 3 + 28 head reads, one leaf per non-empty 256-tick word (5 of them), one read per tick
    expect(calls.map((c) => [c.blockNumber, c.functions.length])).toEqual([
      [8n, 31],
      [8n, 5],
      [8n, 6],
    ])
  })

  it('applies Swap, Fee, TickSpacing and PluginConfig from the logs alone', async () => {
    const price = getSqrtRatioAtTick(60)
    const changed = await kind.applyPoolLogs(noReads, {
      pools: new Map([[pool.address, pool]]),
      logs: [
        logOf(
          'Swap',
          {
            sender: testAddress(7),
            recipient: testAddress(8),
            amount0: -1n,
            amount1: 2n,
            price,
            liquidity: 123n,
            tick: 60,
          },
          0,
        ),
        logOf('Fee', { fee: 2500 }, 1),
        logOf('TickSpacing', { newTickSpacing: 10 }, 2),
        logOf('PluginConfig', { newPluginConfig: 1 }, 3),
      ],
      blockNumber: 5n,
      multicallAddress: testAddress(0),
    })
    expect(changed.get(pool.address)).toEqual({
      ...pool,
      sqrtPriceX96: price,
      liquidity: 123n,
      tick: 60,
      fee: 2500,
      tickSpacing: 10,
      pluginConfig: 1,
    })
  })

  it('re-reads liquidity and the touched ticks after Mint and Burn, at the logs block, dropping emptied ticks', async () => {
    const { reader, calls } = fakeChain(
      { globalState: [], liquidity: 777n, tickSpacing: 60 },
      new Map([[1200, -5n]]),
    )
    const changed = await kind.applyPoolLogs(reader, {
      pools: new Map([[pool.address, pool]]),
      logs: [
        logOf(
          'Mint',
          {
            sender: testAddress(7),
            owner: testAddress(7),
            bottomTick: -600,
            topTick: 1200,
            liquidityAmount: 5n,
            amount0: 1n,
            amount1: 1n,
          },
          0,
        ),
        logOf(
          'Burn',
          {
            owner: testAddress(7),
            bottomTick: -600,
            topTick: 600,
            liquidityAmount: 1000n * E18,
            amount0: 1n,
            amount1: 1n,
          },
          1,
        ),
      ],
      blockNumber: 9n,
      multicallAddress: testAddress(0),
    })
    expect(calls).toEqual([{ blockNumber: 9n, functions: ['liquidity', 'ticks', 'ticks', 'ticks'] }])
    expect(changed.get(pool.address)?.liquidity).toBe(777n)
    expect(changed.get(pool.address)?.ticks).toEqual([
      { index: -1800, liquidityNet: 1000n * E18 },
      { index: 1200, liquidityNet: -5n },
      { index: 1800, liquidityNet: -1000n * E18 },
    ])
  })

  it('reads a pool again when it is initialized (its price, fee and spacing come with it)', async () => {
    const price = getSqrtRatioAtTick(-30)
    const { reader } = fakeChain(
      { globalState: [price, -30, 500, 0, 0, true], liquidity: 0n, tickSpacing: 60 },
      new Map(),
    )
    const empty = { ...pool, sqrtPriceX96: 0n, tick: 0, liquidity: 0n, ticks: [], fee: 0 }
    const changed = await kind.applyPoolLogs(reader, {
      pools: new Map([[pool.address, empty]]),
      logs: [logOf('Initialize', { price, tick: -30 }, 0)],
      blockNumber: 5n,
      multicallAddress: testAddress(0),
    })
    expect(changed.get(pool.address)).toEqual({
      ...empty,
      sqrtPriceX96: price,
      tick: -30,
      fee: 500,
      tickSpacing: 60,
    })
  })

  it('swaps with AlgebraPool.swap math, keys the code path by its end step and prices gas per tick crossed', () => {
    const sim = kind.createHopSimulator(pool, true)
    const expected = simulateAlgebraSwap(pool, { zeroForOne: true, amountRequired: 10n * E18 })
    expect(sim.exactIn(10n * E18)).toMatchObject({
      amountIn: expected.amountIn,
      amountOut: expected.amountOut,
      ticksCrossed: 0,
      complete: true,
    })
    // the first step runs from the price down to tick -600 (no word edge at tick 0), the second on to -1800
    expect(kind.swapPathKey(pool, true, 10n * E18, true)).toBe('0:inside:0')
    expect(kind.swapPathKey(pool, true, 100n * E18, true)).toBe('1:inside:1')
    expect(kind.swapPathKey(pool, false, 10n * E18, false)).toBe('0:inside:0')
    expect(kind.hopGasUnits(0)).toBe(85_000n)
    expect(kind.hopGasUnits(2)).toBe(155_000n)
  })

  it('describes itself to the router, the API and the contract, and refuses pools whose plugin hooks the swap', () => {
    const q192 = 1n << 192n
    expect([kind.id, kind.contractKind, kind.acceptsTaxedInput]).toEqual(['algebra-integral', 3, false])
    expect(kind.midPrice(pool, true)).toEqual({ num: pool.sqrtPriceX96 ** 2n, den: q192 })
    expect(kind.midPrice(pool, false)).toEqual({ num: q192, den: pool.sqrtPriceX96 ** 2n })
    expect([kind.feePips(pool), kind.contractHopFee(pool)]).toEqual([500, 0])
    // beforeSwap (bit 0) may override the fee; the dynamic-fee bit alone changes it only through Fee events
    expect([0, 1, 0x81, 0x80, 0x02].map((pluginConfig) => kind.isUsable({ ...pool, pluginConfig }))).toEqual([
      true,
      false,
      false,
      true,
      true,
    ])
    expect(kind.isUsable({ ...pool, liquidity: 0n, ticks: [] })).toBe(false)
  })
})
