import { type Address, encodeAbiParameters, getAddress, keccak256, type Log, zeroAddress } from 'viem'
import { decodeLogs } from '../decodeLogs'
import type { PoolKind } from '../PoolKind'
import { pairsOfToken } from '../pairsOfToken'
import type { ConcentratedPoolLens } from '../uniswapV3/ConcentratedPoolLens'
import { completeConcentratedPoolStates, tickWordsLeft } from '../uniswapV3/completeConcentratedPoolStates'
import { concentratedPoolMath } from '../uniswapV3/concentratedPoolMath'
import { concentratedQuoterOf as quoterOf } from '../uniswapV3/concentratedQuoterOf'
import { readConcentratedPoolStates } from '../uniswapV3/readConcentratedPoolStates'
import { readTouchedTicks } from '../uniswapV3/readTouchedTicks'
import { withTicks } from '../uniswapV3/withTicks'
import { v4PoolManagerAbi, v4StateViewAbi } from './uniswapV4Abis'
import type { V4PoolDescriptor, V4PoolState } from './V4PoolState'

/** LPFeeLibrary.MAX_LP_FEE: a static fee is at most 100 %; the dynamic-fee flag (0x800000) is above it. */
const MAX_LP_FEE = 1_000_000
/** The fee (pips) and tick-spacing pairs of Uniswap's interface (V3's tiers), the pools a token's look-up tries. */
const standardPools = [
  { fee: 100, tickSpacing: 1 },
  { fee: 500, tickSpacing: 10 },
  { fee: 3_000, tickSpacing: 60 },
  { fee: 10_000, tickSpacing: 200 },
] as const

/** PoolIdLibrary.toId: keccak256 of the abi-encoded PoolKey (currency0, currency1, fee, tickSpacing, hooks). */
function computeV4PoolId(currency0: Address, currency1: Address, fee: number, tickSpacing: number): Address {
  return keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'int24' }, { type: 'address' }],
      [currency0, currency1, fee, tickSpacing, zeroAddress],
    ),
  ).toLowerCase() as Address
}

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

  async poolsOfToken(reader, { exchange, token, hubs, wrappedNative, blockNumber, multicallAddress }) {
    const v4 = exchange.v4
    if (!v4) return []
    const wrapped = getAddress(wrappedNative)
    const candidates: V4PoolDescriptor[] = []
    for (const pair of pairsOfToken(token, hubs)) {
      for (const { fee, tickSpacing } of standardPools) {
        for (const entry of v4.entries) {
          if (entry.tickSpacing !== tickSpacing) continue
          // native ETH stands for the wrapped token on either side; it sorts first (address zero)
          if (entry.native && pair.token0 !== wrapped && pair.token1 !== wrapped) continue
          const other = pair.token0 === wrapped ? pair.token1 : pair.token0
          const [token0, token1] = entry.native ? [wrapped, other] : [pair.token0, pair.token1]
          const currency0 = entry.native ? zeroAddress : token0
          candidates.push({
            kind: 'uniswap-v4',
            address: computeV4PoolId(currency0, token1, fee, tickSpacing),
            exchangeId: exchange.id,
            factoryId: entry.factoryId,
            token0,
            token1,
            fee,
            tickSpacing,
            native: entry.native,
            stateView: v4.stateView,
          })
        }
      }
    }
    if (candidates.length === 0) return []
    const slots = await reader.multicall({
      blockNumber,
      multicallAddress,
      allowFailure: false,
      contracts: candidates.map((p) => ({
        address: v4.stateView,
        abi: v4StateViewAbi,
        functionName: 'getSlot0' as const,
        args: [p.address] as const,
      })),
    })
    // a pool never initialized reads a zero price
    return candidates.filter((_, i) => (slots[i]?.[0] ?? 0n) !== 0n)
  },

  async readPoolStates(reader, { pools, blockNumber, multicallAddress }) {
    const states = await readConcentratedPoolStates(reader, { pools, blockNumber, multicallAddress, lens })
    return pools.map((p, i) => {
      const state = states[i]
      if (!state) throw new Error(`missing state for V4 pool ${p.address}`)
      const { sqrtPriceX96, tick, liquidity, ticks, tickWords } = state
      return {
        ...p,
        sqrtPriceX96,
        tick,
        liquidity,
        ticks,
        ...(tickWords ? { tickWords } : {}),
        protocolFee: Number(state.slot0[2] ?? 0),
      }
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

  readsLeft: tickWordsLeft,
  completePoolStates: (reader, params) => completeConcentratedPoolStates(reader, params, lens),

  isUsable: (pool) =>
    pool.protocolFee === 0 && pool.sqrtPriceX96 > 0n && (pool.liquidity > 0n || pool.ticks.length > 0),

  ...concentratedPoolMath(quoterOf),
  acceptsTaxedInput: false,
  hopGasUnits: (ticksCrossed) => 85_000n + 15_000n * BigInt(ticksCrossed),
  contractHopFee: (pool) => pool.fee,
}
