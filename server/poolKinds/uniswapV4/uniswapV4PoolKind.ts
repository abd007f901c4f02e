import { type Address, getAddress, type Log, zeroAddress } from 'viem'
import { decodeLogs } from '../decodeLogs'
import type { PoolKind } from '../PoolKind'
import type { ConcentratedPoolLens } from '../uniswapV3/ConcentratedPoolLens'
import { concentratedPoolMath } from '../uniswapV3/concentratedPoolMath'
import { concentratedQuoterOf as quoterOf } from '../uniswapV3/concentratedQuoterOf'
import { readConcentratedPoolStates } from '../uniswapV3/readConcentratedPoolStates'
import { readTouchedTicks } from '../uniswapV3/readTouchedTicks'
import { withTicks } from '../uniswapV3/withTicks'
import { v4PoolManagerAbi, v4StateViewAbi } from './uniswapV4Abis'
import type { V4PoolDescriptor, V4PoolState } from './V4PoolState'

/** LPFeeLibrary.MAX_LP_FEE: a static fee is at most 100 %; the dynamic-fee flag (0x800000) is above it. */
const MAX_LP_FEE = 1_000_000
const creationEvents = v4PoolManagerAbi.filter((item) => item.name === 'Initialize')
const stateEvents = v4PoolManagerAbi.filter((item) => item.name !== 'Initialize')

/** A V4 pool is read through its manager's StateView, by pool id. */
const lens: ConcentratedPoolLens<Pick<V4PoolDescriptor, 'address' | 'stateView' | 'tickSpacing'>> = {
  slot0: (p) => ({ address: p.stateView, abi: v4StateViewAbi, functionName: 'getSlot0', args: [p.address] }),
  liquidity: (p) => ({
    address: p.stateView,
    abi: v4StateViewAbi,
    functionName: 'getLiquidity',
    args: [p.address],
  }),
  tickBitmap: (p, word) => ({
    address: p.stateView,
    abi: v4StateViewAbi,
    functionName: 'getTickBitmap',
    args: [p.address, word],
  }),
  tick: (p, tick) => ({
    address: p.stateView,
    abi: v4StateViewAbi,
    functionName: 'getTickLiquidity',
    args: [p.address, tick],
  }),
}

/**
 * Uniswap V4 pools of one PoolManager: found from its Initialize events (hookless, static-fee pools of known
 * currencies whose tick spacing and nativeness the Aggregator has an entry for), loaded through StateView like a V3
 * pool (price, in-range liquidity, every initialized tick), kept current from the manager's Swap events (new price,
 * tick and liquidity) and ModifyLiquidity (its ticks and liquidity read again). The swap math is V3's to the wei
 * (V4's `Pool.swap` and `SwapMath` move the same amounts for a hookless pool without a protocol fee; a pool with one
 * is not routed). The manager demands its full input (flash accounting), so no fee-on-transfer input.
 * Gas: 85 000 per hop within one range (unlock, swap, sync, settle and take: measured on the devnet, a second
 * hop of a path adds 78 000 and a lone hop about 4 000 more than a V3 one), plus 15 000 per tick crossed.
 */
export const uniswapV4PoolKind: PoolKind<V4PoolState, V4PoolDescriptor> = {
  id: 'uniswap-v4',
  contractKind: 2,

  creationEvents,

  poolsFromCreationLogs(logs, { exchange, isKnownToken, wrappedNative }) {
    const v4 = exchange.v4
    if (!v4) return []
    const pools: V4PoolDescriptor[] = []
    for (const { args } of decodeLogs(creationEvents, logs)) {
      if (args.hooks !== zeroAddress || args.fee > MAX_LP_FEE) continue
      const native = args.currency0 === zeroAddress
      const entry = v4.entries.find((e) => e.tickSpacing === args.tickSpacing && e.native === native)
      const token0 = native ? wrappedNative : getAddress(args.currency0)
      const token1 = getAddress(args.currency1)
      if (!entry || !isKnownToken(token0) || !isKnownToken(token1) || token0 === token1) continue
      pools.push({
        kind: 'uniswap-v4',
        address: args.id.toLowerCase() as Address,
        exchangeId: exchange.id,
        factoryId: entry.factoryId,
        token0,
        token1,
        fee: args.fee,
        tickSpacing: args.tickSpacing,
        native,
        stateView: v4.stateView,
      })
    }
    return pools
  },

  async readPoolStates(reader, { pools, blockNumber, multicallAddress }) {
    const states = await readConcentratedPoolStates(reader, { pools, blockNumber, multicallAddress, lens })
    return pools.map((p, i) => {
      const state = states[i]
      if (!state) throw new Error(`missing state for V4 pool ${p.address}`)
      const { sqrtPriceX96, tick, liquidity, ticks } = state
      return { ...p, sqrtPriceX96, tick, liquidity, ticks, protocolFee: Number(state.slot0[2] ?? 0) }
    })
  },

  stateEvents,
  poolIdOfLog: (log: Log) => log.topics[1]?.toLowerCase() as Address | undefined,

  async applyPoolLogs(reader, { pools, logs, blockNumber, multicallAddress }) {
    const changed = new Map<Address, V4PoolState>()
    const current = (id: Address) => changed.get(id) ?? pools.get(id)
    const touched = new Map<Address, { pool: V4PoolState; ticks: Set<number> }>()
    for (const log of decodeLogs(stateEvents, logs)) {
      const id = log.args.id.toLowerCase() as Address
      const pool = current(id)
      if (!pool) continue
      if (log.eventName === 'Swap') {
        const { sqrtPriceX96, liquidity, tick } = log.args
        changed.set(id, { ...pool, sqrtPriceX96, liquidity, tick })
      } else if (log.eventName === 'ProtocolFeeUpdated') {
        changed.set(id, { ...pool, protocolFee: log.args.protocolFee })
      } else {
        const entry = touched.get(id) ?? { pool, ticks: new Set<number>() }
        entry.ticks.add(log.args.tickLower).add(log.args.tickUpper)
        touched.set(id, entry)
      }
    }
    if (touched.size === 0) return changed
    const reads = await readTouchedTicks(reader, { touched, blockNumber, multicallAddress, lens })
    for (const [id, read] of reads) {
      const pool = current(id)
      if (pool) changed.set(id, withTicks(pool, read.liquidity, read.ticks))
    }
    return changed
  },

  isUsable: (pool) =>
    pool.protocolFee === 0 && pool.sqrtPriceX96 > 0n && (pool.liquidity > 0n || pool.ticks.length > 0),

  ...concentratedPoolMath(quoterOf),
  acceptsTaxedInput: false,
  hopGasUnits: (ticksCrossed) => 85_000n + 15_000n * BigInt(ticksCrossed),
  contractHopFee: (pool) => pool.fee,
}
