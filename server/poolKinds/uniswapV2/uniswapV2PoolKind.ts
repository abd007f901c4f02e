import { type Address, getAddress, zeroAddress } from 'viem'
import { decodeLogs } from '../decodeLogs'
import type { PoolKind } from '../PoolKind'
import { pairsOfToken } from '../pairsOfToken'
import { simulateV2Swap } from './simulateV2Swap'
import { v2FactoryAbi, v2PairAbi } from './uniswapV2Abis'
import type { V2PoolDescriptor, V2PoolState } from './V2PoolState'

const syncEvents = v2PairAbi.filter((item) => item.type === 'event')
const creationEvents = v2FactoryAbi.filter((item) => item.type === 'event' && item.name === 'PairCreated')

/**
 * Uniswap V2-style constant-product pairs (Uniswap V2, SushiSwap, PancakeSwap V2 and their forks): found from
 * the factory's PairCreated events, kept current from each pair's Sync event (which carries the new
 * reserves), priced with `getAmountOut`/`getAmountIn` at the factory's fee. The Aggregator sends the input to
 * the pair and calls `swap`, so a fee-on-transfer input is priced on what the pair received.
 * Gas: 60 000 per hop (transfer to the pair, reserve update, transfer out).
 */
export const uniswapV2PoolKind: PoolKind<V2PoolState, V2PoolDescriptor> = {
  id: 'uniswap-v2',
  contractKind: 0,

  creationEvents,

  poolsFromCreationLogs(logs, { exchange, isKnownToken }) {
    return decodeLogs(creationEvents, logs)
      .filter((l) => isKnownToken(l.args.token0) && isKnownToken(l.args.token1))
      .map((l) => ({
        kind: 'uniswap-v2',
        address: getAddress(l.args.pair),
        exchangeId: exchange.id,
        factoryId: exchange.aggregatorFactoryId,
        token0: getAddress(l.args.token0),
        token1: getAddress(l.args.token1),
        feeBps: exchange.v2FeeBps ?? 30,
      }))
  },

  async poolsOfToken(reader, { exchange, token, hubs, blockNumber, multicallAddress }) {
    const pairs = pairsOfToken(token, hubs)
    if (pairs.length === 0) return []
    const found = await reader.multicall({
      blockNumber,
      multicallAddress,
      allowFailure: false,
      contracts: pairs.map((p) => ({
        address: exchange.factory,
        abi: v2FactoryAbi,
        functionName: 'getPair' as const,
        args: [p.token0, p.token1] as const,
      })),
    })
    return pairs.flatMap((p, i) => {
      const pair = found[i]
      if (pair === undefined || pair === zeroAddress) return []
      return [
        {
          kind: 'uniswap-v2' as const,
          address: getAddress(pair),
          exchangeId: exchange.id,
          factoryId: exchange.aggregatorFactoryId,
          token0: p.token0,
          token1: p.token1,
          feeBps: exchange.v2FeeBps ?? 30,
        },
      ]
    })
  },

  async readPoolStates(reader, { pools, blockNumber, multicallAddress }) {
    if (pools.length === 0) return []
    const reserves = await reader.multicall({
      blockNumber,
      multicallAddress,
      allowFailure: false,
      batchSize: 8_192,
      contracts: pools.map((p) => ({
        address: p.address,
        abi: v2PairAbi,
        functionName: 'getReserves' as const,
      })),
    })
    return pools.map((p, i) => {
      const r = reserves[i]
      if (!r) throw new Error(`missing reserves for ${p.address}`)
      return { ...p, reserve0: r[0], reserve1: r[1] }
    })
  },

  stateEvents: syncEvents,

  async applyPoolLogs(_reader, { pools, logs }) {
    const changed = new Map<Address, V2PoolState>()
    for (const log of decodeLogs(syncEvents, logs)) {
      const address = getAddress(log.address)
      const pool = changed.get(address) ?? pools.get(address)
      if (pool) changed.set(address, { ...pool, reserve0: log.args.reserve0, reserve1: log.args.reserve1 })
    }
    return changed
  },

  isUsable: (pool) => pool.reserve0 > 0n && pool.reserve1 > 0n,

  createHopSimulator(pool, zeroForOne) {
    const reserveIn = Number(zeroForOne ? pool.reserve0 : pool.reserve1)
    const reserveOut = Number(zeroForOne ? pool.reserve1 : pool.reserve0)
    const withFee = (10_000 - pool.feeBps) / 10_000
    return {
      exactIn: (amountIn) => simulateV2Swap(pool, { zeroForOne, amountSpecified: amountIn }),
      exactOut: (amountOut) => simulateV2Swap(pool, { zeroForOne, amountSpecified: -amountOut }),
      approxExactIn(amountIn, crossed) {
        if (crossed) crossed.ticks = 0
        return amountIn > 0 && reserveIn > 0 && reserveOut > 0
          ? (amountIn * withFee * reserveOut) / (reserveIn + amountIn * withFee)
          : null
      },
    }
  },

  acceptsTaxedInput: true,
  hopGasUnits: () => 60_000n,
  swapPathKey: () => '',

  midPrice: (pool, zeroForOne) =>
    zeroForOne ? { num: pool.reserve1, den: pool.reserve0 } : { num: pool.reserve0, den: pool.reserve1 },

  virtualReserves: (pool) => [Number(pool.reserve0), Number(pool.reserve1)],
  feePips: (pool) => pool.feeBps * 100,
  contractHopFee: () => 0,
}
