import { type Address, getAddress, zeroAddress } from 'viem'
import { decodeLogs } from '../decodeLogs'
import type { PoolKind } from '../PoolKind'
import { pairsOfToken } from '../pairsOfToken'
import type { ConcentratedPoolLens } from './ConcentratedPoolLens'
import { completeConcentratedPoolStates, tickWordsLeft } from './completeConcentratedPoolStates'
import { concentratedPoolMath } from './concentratedPoolMath'
import { concentratedQuoterOf as quoterOf } from './concentratedQuoterOf'
import { readConcentratedPoolStates } from './readConcentratedPoolStates'
import { readTouchedTicks } from './readTouchedTicks'
import { v3FactoryAbi, v3PoolAbi } from './uniswapV3Abis'
import type { V3PoolDescriptor, V3PoolState } from './V3PoolState'
import { withTicks } from './withTicks'

/** The fee tiers (pips) the Uniswap V3 factory enables from its deployment on (`feeAmountTickSpacing`). */
const standardFees = [100, 500, 3_000, 10_000] as const

const stateEvents = v3PoolAbi.filter((item) => item.type === 'event')
const creationEvents = v3FactoryAbi.filter((item) => item.type === 'event' && item.name === 'PoolCreated')

/** A V3 pool answers for itself. */
const lens: ConcentratedPoolLens<Pick<V3PoolDescriptor, 'address' | 'tickSpacing'>> = {
  slot0: (p) => ({ address: p.address, abi: v3PoolAbi, functionName: 'slot0' }),
  liquidity: (p) => ({ address: p.address, abi: v3PoolAbi, functionName: 'liquidity' }),
  tickBitmap: (p, word) => ({ address: p.address, abi: v3PoolAbi, functionName: 'tickBitmap', args: [word] }),
  tick: (p, tick) => ({ address: p.address, abi: v3PoolAbi, functionName: 'ticks', args: [tick] }),
}

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

  async poolsOfToken(reader, { exchange, token, hubs, blockNumber, multicallAddress }) {
    const pairs = pairsOfToken(token, hubs)
    if (pairs.length === 0) return []
    const call = { blockNumber, multicallAddress, allowFailure: false as const }
    // a tier the factory does not enable answers 0 here, and its getPool the zero address
    const spacings = await reader.multicall({
      ...call,
      contracts: standardFees.map((fee) => ({
        address: exchange.factory,
        abi: v3FactoryAbi,
        functionName: 'feeAmountTickSpacing' as const,
        args: [fee] as const,
      })),
    })
    const asks = pairs.flatMap((pair) =>
      standardFees.map((fee, i) => ({ pair, fee, tickSpacing: spacings[i] ?? 0 })),
    )
    const found = await reader.multicall({
      ...call,
      contracts: asks.map(({ pair, fee }) => ({
        address: exchange.factory,
        abi: v3FactoryAbi,
        functionName: 'getPool' as const,
        args: [pair.token0, pair.token1, fee] as const,
      })),
    })
    return asks.flatMap(({ pair, fee, tickSpacing }, i) => {
      const pool = found[i]
      if (pool === undefined || pool === zeroAddress || tickSpacing <= 0) return []
      return [
        {
          kind: 'uniswap-v3' as const,
          address: getAddress(pool),
          exchangeId: exchange.id,
          factoryId: exchange.aggregatorFactoryId,
          token0: pair.token0,
          token1: pair.token1,
          fee,
          tickSpacing,
        },
      ]
    })
  },

  async readPoolStates(reader, { pools, blockNumber, multicallAddress }) {
    const states = await readConcentratedPoolStates(reader, { pools, blockNumber, multicallAddress, lens })
    return pools.map((p, i) => {
      const state = states[i]
      if (!state) throw new Error(`missing state for ${p.address}`)
      return {
        ...p,
        sqrtPriceX96: state.sqrtPriceX96,
        tick: state.tick,
        liquidity: state.liquidity,
        ticks: state.ticks,
        ...(state.tickWords ? { tickWords: state.tickWords } : {}),
      }
    })
  },
  stateEvents,

  async applyPoolLogs(reader, { pools, logs, blockNumber, multicallAddress }) {
    const changed = new Map<Address, V3PoolState>()
    const current = (address: Address) => changed.get(address) ?? pools.get(address)
    const touched = new Map<Address, { pool: V3PoolState; ticks: Set<number> }>()
    for (const log of decodeLogs(stateEvents, logs)) {
      const address = getAddress(log.address)
      const pool = current(address)
      if (!pool) continue
      if (log.eventName === 'Swap') {
        const { sqrtPriceX96, liquidity, tick } = log.args
        changed.set(address, { ...pool, sqrtPriceX96, liquidity, tick })
      } else {
        const entry = touched.get(address) ?? { pool, ticks: new Set<number>() }
        entry.ticks.add(log.args.tickLower).add(log.args.tickUpper)
        touched.set(address, entry)
      }
    }
    if (touched.size === 0) return changed
    const reads = await readTouchedTicks(reader, { touched, blockNumber, multicallAddress, lens })
    for (const [address, read] of reads) {
      const pool = current(address)
      if (pool) changed.set(address, withTicks(pool, read.liquidity, read.ticks))
    }
    return changed
  },

  readsLeft: tickWordsLeft,
  completePoolStates: (reader, params) => completeConcentratedPoolStates(reader, params, lens),

  isUsable: (pool) => pool.sqrtPriceX96 > 0n && (pool.liquidity > 0n || pool.ticks.length > 0),

  ...concentratedPoolMath(quoterOf),
  acceptsTaxedInput: false,
  hopGasUnits: (ticksCrossed) => 80_000n + 15_000n * BigInt(ticksCrossed),
  contractHopFee: (pool) => pool.fee,
}
