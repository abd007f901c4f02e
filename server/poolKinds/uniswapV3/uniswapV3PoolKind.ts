import { type Address, getAddress } from 'viem'
import { decodeLogs } from '../decodeLogs'
import type { PoolKind, PoolReader } from '../PoolKind'
import { createV3SwapQuoter, type V3SwapQuoter } from './createV3SwapQuoter'
import { MAX_TICK, MIN_TICK } from './tickMath'
import { v3FactoryAbi, v3PoolAbi } from './uniswapV3Abis'
import type { V3PoolDescriptor, V3PoolState, V3Tick } from './V3PoolState'

const Q192 = 1n << 192n
const stateEvents = v3PoolAbi.filter((item) => item.type === 'event')
const creationEvents = v3FactoryAbi.filter((item) => item.type === 'event' && item.name === 'PoolCreated')

/**
 * Uniswap V3 concentrated-liquidity pools: found from the factory's PoolCreated events, loaded with price,
 * in-range liquidity and every initialized tick (bitmap words, then `ticks()` of each set bit), kept current
 * from Swap events (which carry the new price, tick and liquidity) and Mint/Burn (whose ticks and liquidity
 * are read again at the new block). The math is `UniswapV3Pool.swap` to the wei. The pool demands its full
 * input in the callback, so a fee-on-transfer input cannot go through it.
 * Gas: 80 000 per hop within one range, plus 15 000 per initialized tick crossed.
 */
export const uniswapV3PoolKind: PoolKind<V3PoolState, V3PoolDescriptor> = {
  id: 'uniswap-v3',
  contractKind: 1,

  creationEvents,

  poolsFromCreationLogs(logs, { exchange, isKnownToken }) {
    return decodeLogs(creationEvents, logs)
      .filter((l) => isKnownToken(l.args.token0) && isKnownToken(l.args.token1))
      .map((l) => ({
        kind: 'uniswap-v3',
        address: getAddress(l.args.pool),
        exchangeId: exchange.id,
        factoryId: exchange.aggregatorFactoryId,
        token0: getAddress(l.args.token0),
        token1: getAddress(l.args.token1),
        fee: l.args.fee,
        tickSpacing: l.args.tickSpacing,
      }))
  },

  readPoolStates: readV3PoolStates,
  stateEvents,

  async applyPoolLogs(reader, { pools, logs, blockNumber, multicallAddress }) {
    const changed = new Map<Address, V3PoolState>()
    const current = (address: Address) => changed.get(address) ?? pools.get(address)
    const touched = new Map<Address, Set<number>>()
    for (const log of decodeLogs(stateEvents, logs)) {
      const address = getAddress(log.address)
      const pool = current(address)
      if (!pool) continue
      if (log.eventName === 'Swap') {
        const { sqrtPriceX96, liquidity, tick } = log.args
        changed.set(address, { ...pool, sqrtPriceX96, liquidity, tick })
      } else {
        const ticks = touched.get(address) ?? new Set<number>()
        touched.set(address, ticks.add(log.args.tickLower).add(log.args.tickUpper))
      }
    }
    if (touched.size === 0) return changed
    const reads = await readTicks(reader, { touched, blockNumber, multicallAddress })
    for (const [address, read] of reads) {
      const pool = current(address)
      if (pool) changed.set(address, withTicks(pool, read.liquidity, read.ticks))
    }
    return changed
  },

  isUsable: (pool) => pool.sqrtPriceX96 > 0n && (pool.liquidity > 0n || pool.ticks.length > 0),

  createHopSimulator(pool, zeroForOne) {
    const quoter = quoterOf(pool, zeroForOne)
    return {
      exactIn: (amountIn) => quoter.quoteExactIn(amountIn),
      exactOut: (out) => quoter.quoteExactOut(out),
      approxExactIn: (amountIn, crossed) => quoter.approxExactIn(amountIn, crossed),
    }
  },

  acceptsTaxedInput: false,
  hopGasUnits: (ticksCrossed) => 80_000n + 15_000n * BigInt(ticksCrossed),

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
  contractHopFee: (pool) => pool.fee,
}

/**
 * Each pool state's quoters (zero for one, one for zero), made when first asked: routing's hop simulators and
 * `swapPathKey` share one table of segments per pool state and direction.
 */
const quoters = new WeakMap<V3PoolState, [V3SwapQuoter | undefined, V3SwapQuoter | undefined]>()

function quoterOf(pool: V3PoolState, zeroForOne: boolean): V3SwapQuoter {
  let pair = quoters.get(pool)
  if (!pair) {
    pair = [undefined, undefined]
    quoters.set(pool, pair)
  }
  const i = zeroForOne ? 0 : 1
  const quoter = pair[i] ?? createV3SwapQuoter(pool, zeroForOne)
  pair[i] = quoter
  return quoter
}

/** Every tick-bitmap word a pool with this spacing can use (Solidity's `>> 8` floors, as does JS's). */
export function bitmapWordRange(tickSpacing: number): number[] {
  const first = Math.floor(MIN_TICK / tickSpacing) >> 8
  const last = Math.floor(MAX_TICK / tickSpacing) >> 8
  const words: number[] = []
  for (let w = first; w <= last; w++) words.push(w)
  return words
}

async function readV3PoolStates(
  reader: PoolReader,
  params: { pools: readonly V3PoolDescriptor[]; blockNumber: bigint; multicallAddress: Address },
): Promise<V3PoolState[]> {
  const { pools, blockNumber, multicallAddress } = params
  if (pools.length === 0) return []
  const call = { blockNumber, multicallAddress, allowFailure: false as const, batchSize: 8_192 }
  const poolAt = (i: number) => {
    const p = pools[i]
    if (!p) throw new Error(`pool index ${i} out of range`)
    return p
  }
  const wordCalls = pools.flatMap((p, poolIndex) =>
    bitmapWordRange(p.tickSpacing).map((word) => ({ poolIndex, word })),
  )
  const [heads, words] = await Promise.all([
    reader.multicall({
      ...call,
      contracts: pools.flatMap((p) => [
        { address: p.address, abi: v3PoolAbi, functionName: 'slot0' as const },
        { address: p.address, abi: v3PoolAbi, functionName: 'liquidity' as const },
      ]),
    }),
    reader.multicall({
      ...call,
      contracts: wordCalls.map(({ poolIndex, word }) => ({
        address: poolAt(poolIndex).address,
        abi: v3PoolAbi,
        functionName: 'tickBitmap' as const,
        args: [word] as const,
      })),
    }),
  ])
  const tickCalls: { poolIndex: number; tick: number }[] = []
  words.forEach((bits, i) => {
    const wc = wordCalls[i]
    if (!wc || bits === 0n) return
    const spacing = poolAt(wc.poolIndex).tickSpacing
    for (let bit = 0; bit < 256; bit++) {
      if ((bits >> BigInt(bit)) & 1n)
        tickCalls.push({ poolIndex: wc.poolIndex, tick: (wc.word * 256 + bit) * spacing })
    }
  })
  const tickInfos = await reader.multicall({
    ...call,
    contracts: tickCalls.map(({ poolIndex, tick }) => ({
      address: poolAt(poolIndex).address,
      abi: v3PoolAbi,
      functionName: 'ticks' as const,
      args: [tick] as const,
    })),
  })
  const ticksByPool = pools.map((): V3Tick[] => [])
  tickCalls.forEach(({ poolIndex, tick }, i) => {
    const info = tickInfos[i]
    if (info) ticksByPool[poolIndex]?.push({ index: tick, liquidityNet: info[1] })
  })
  return pools.map((p, i) => {
    const slot0 = heads[2 * i] as readonly [bigint, number, ...unknown[]] | undefined
    const liquidity = heads[2 * i + 1] as bigint | undefined
    if (!slot0 || liquidity === undefined) throw new Error(`missing state for ${p.address}`)
    const ticks = (ticksByPool[i] ?? []).sort((a, b) => a.index - b.index)
    return { ...p, sqrtPriceX96: slot0[0], tick: slot0[1], liquidity, ticks }
  })
}

type TickRead = { liquidityNet: bigint; initialized: boolean }

/** In-range liquidity and the given ticks of each touched pool, read at `blockNumber`. */
async function readTicks(
  reader: PoolReader,
  params: {
    touched: ReadonlyMap<Address, ReadonlySet<number>>
    blockNumber: bigint
    multicallAddress: Address
  },
): Promise<Map<Address, { liquidity: bigint; ticks: Map<number, TickRead> }>> {
  const { touched, blockNumber, multicallAddress } = params
  const pools = [...touched.keys()]
  const tickCalls = [...touched].flatMap(([pool, ticks]) => [...ticks].map((tick) => ({ pool, tick })))
  const results = await reader.multicall({
    blockNumber,
    multicallAddress,
    allowFailure: false,
    contracts: [
      ...pools.map((address) => ({ address, abi: v3PoolAbi, functionName: 'liquidity' as const })),
      ...tickCalls.map(({ pool, tick }) => ({
        address: pool,
        abi: v3PoolAbi,
        functionName: 'ticks' as const,
        args: [tick] as const,
      })),
    ],
  })
  const reads = new Map<Address, { liquidity: bigint; ticks: Map<number, TickRead> }>()
  pools.forEach((pool, i) => {
    reads.set(pool, { liquidity: results[i] as bigint, ticks: new Map() })
  })
  tickCalls.forEach(({ pool, tick }, i) => {
    const info = results[pools.length + i] as readonly [bigint, bigint, ...unknown[]]
    reads.get(pool)?.ticks.set(tick, { liquidityNet: info[1], initialized: info[0] > 0n })
  })
  return reads
}

/** The pool with fresh in-range liquidity and re-read ticks (uninitialized ones dropped). */
function withTicks(pool: V3PoolState, liquidity: bigint, reads: ReadonlyMap<number, TickRead>): V3PoolState {
  const byIndex = new Map(pool.ticks.map((t) => [t.index, t.liquidityNet]))
  for (const [index, read] of reads) {
    if (read.initialized) byIndex.set(index, read.liquidityNet)
    else byIndex.delete(index)
  }
  const ticks = [...byIndex]
    .map(([index, liquidityNet]) => ({ index, liquidityNet }))
    .sort((a, b) => a.index - b.index)
  return { ...pool, liquidity, ticks }
}
