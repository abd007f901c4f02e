import { type Address, getAddress, zeroAddress } from 'viem'
import { decodeLogs } from '../decodeLogs'
import type { PoolKind } from '../PoolKind'
import { pairsOfToken } from '../pairsOfToken'
import type { ConcentratedPoolLens } from '../uniswapV3/ConcentratedPoolLens'
import { concentratedPoolMath } from '../uniswapV3/concentratedPoolMath'
import { readTouchedTicks } from '../uniswapV3/readTouchedTicks'
import { withTicks } from '../uniswapV3/withTicks'
import type { AlgebraPoolDescriptor, AlgebraPoolState } from './AlgebraPoolState'
import { algebraFactoryAbi, algebraPoolAbi } from './algebraIntegralAbis'
import { algebraQuoterOf as quoterOf } from './algebraQuoterOf'
import { computeAlgebraPoolAddress } from './computeAlgebraPoolAddress'
import { readAlgebraPoolStates } from './readAlgebraPoolStates'

/** Plugins.BEFORE_SWAP_FLAG: the plugin's beforeSwap may override the fee or add its own. */
const BEFORE_SWAP_FLAG = 1
const creationEvents = algebraFactoryAbi.filter((item) => item.type === 'event' && item.name === 'Pool')
const stateEvents = algebraPoolAbi.filter((item) => item.type === 'event')

/**
 * The two reads of an Algebra pool that readTouchedTicks makes (liquidity, and `ticks`, which starts with
 * liquidityTotal and liquidityDelta as V3's starts with liquidityGross and liquidityNet). `tickTable` words hold
 * uncompressed ticks (readAlgebraPoolStates reads them; readTouchedTicks does not).
 */
const lens: ConcentratedPoolLens<Pick<AlgebraPoolDescriptor, 'address'>> = {
  slot0: (p) => ({ address: p.address, abi: algebraPoolAbi, functionName: 'globalState' }),
  liquidity: (p) => ({ address: p.address, abi: algebraPoolAbi, functionName: 'liquidity' }),
  tickBitmap: (p, word) => ({
    address: p.address,
    abi: algebraPoolAbi,
    functionName: 'tickTable',
    args: [word],
  }),
  tick: (p, tick) => ({ address: p.address, abi: algebraPoolAbi, functionName: 'ticks', args: [tick] }),
}

/**
 * Algebra Integral (1.2) concentrated-liquidity pools, whose fee is the pool's own and may change (QuickSwap,
 * Camelot, THENA): found from the factory's Pool events, loaded with price, tick, fee, plugin config, tick spacing,
 * in-range liquidity and every initialized tick (`readAlgebraPoolStates`), kept current from Swap (new price, tick
 * and liquidity), Fee, TickSpacing and PluginConfig events, Mint/Burn (ticks and liquidity read again) and
 * Initialize (the pool read again). The math is `AlgebraPool.swap` to the wei for a pool whose plugin has no
 * beforeSwap hook (others are not usable): V3's step arithmetic, but one step per initialized tick
 * (`simulateAlgebraSwap`). The pool demands its full input in the callback, so no fee-on-transfer input.
 * The Aggregator finds a pool by CREATE2 from the pool deployer and the two tokens (`computeAlgebraPoolAddress`), so a
 * hop carries no fee. Gas: 85 000 per hop within one range, plus 35 000 per initialized tick crossed (a swap through the
 * package's TestAlgebraCallee costs about 134 000 in all within one range, 32 000 to 37 000 more per tick crossed:
 * Algebra's crossing writes the tick's fee growth and walks its linked list).
 */
export const algebraIntegralPoolKind: PoolKind<AlgebraPoolState, AlgebraPoolDescriptor> = {
  id: 'algebra-integral',
  contractKind: 3,

  creationEvents,

  poolsFromCreationLogs(logs, { exchange, isKnownToken }) {
    const { poolDeployer, initCodeHash } = exchange
    // only pools the Aggregator derives from its entry (the pool deployer's CREATE2 of the two tokens)
    if (!poolDeployer) return []
    return decodeLogs(creationEvents, logs)
      .filter(
        (l) =>
          isKnownToken(l.args.token0) &&
          isKnownToken(l.args.token1) &&
          BigInt(l.args.pool) ===
            BigInt(
              computeAlgebraPoolAddress({
                poolDeployer,
                initCodeHash,
                token0: l.args.token0,
                token1: l.args.token1,
              }),
            ),
      )
      .map((l) => ({
        kind: 'algebra-integral',
        address: getAddress(l.args.pool),
        exchangeId: exchange.id,
        factoryId: exchange.aggregatorFactoryId,
        token0: getAddress(l.args.token0),
        token1: getAddress(l.args.token1),
      }))
  },

  async poolsOfToken(reader, { exchange, token, hubs, blockNumber, multicallAddress }) {
    const { poolDeployer, initCodeHash } = exchange
    const pairs = pairsOfToken(token, hubs)
    if (!poolDeployer || pairs.length === 0) return []
    const found = await reader.multicall({
      blockNumber,
      multicallAddress,
      allowFailure: false,
      contracts: pairs.map((p) => ({
        address: exchange.factory,
        abi: algebraFactoryAbi,
        functionName: 'poolByPair' as const,
        args: [p.token0, p.token1] as const,
      })),
    })
    return pairs.flatMap((p, i) => {
      const pool = found[i]
      if (pool === undefined || pool === zeroAddress) return []
      // as from the creation logs: only the pool the Aggregator derives from its entry
      const derived = computeAlgebraPoolAddress({
        poolDeployer,
        initCodeHash,
        token0: p.token0,
        token1: p.token1,
      })
      if (BigInt(pool) !== BigInt(derived)) return []
      return [
        {
          kind: 'algebra-integral' as const,
          address: getAddress(pool),
          exchangeId: exchange.id,
          factoryId: exchange.aggregatorFactoryId,
          token0: p.token0,
          token1: p.token1,
        },
      ]
    })
  },

  readPoolStates: (reader, { pools, blockNumber, multicallAddress }) =>
    readAlgebraPoolStates(reader, { pools, blockNumber, multicallAddress }),

  stateEvents,

  async applyPoolLogs(reader, { pools, logs, blockNumber, multicallAddress }) {
    const changed = new Map<Address, AlgebraPoolState>()
    const current = (address: Address) => changed.get(address) ?? pools.get(address)
    const touched = new Map<Address, { pool: AlgebraPoolState; ticks: Set<number> }>()
    const reread = new Set<Address>()
    for (const log of decodeLogs(stateEvents, logs)) {
      const address = getAddress(log.address)
      const pool = current(address)
      if (!pool) continue
      if (log.eventName === 'Swap') {
        const { price, liquidity, tick } = log.args
        changed.set(address, { ...pool, sqrtPriceX96: price, liquidity, tick })
      } else if (log.eventName === 'Fee') {
        changed.set(address, { ...pool, fee: log.args.fee })
      } else if (log.eventName === 'TickSpacing') {
        changed.set(address, { ...pool, tickSpacing: log.args.newTickSpacing })
      } else if (log.eventName === 'PluginConfig') {
        changed.set(address, { ...pool, pluginConfig: log.args.newPluginConfig })
      } else if (log.eventName === 'Initialize') {
        reread.add(address)
      } else {
        const entry = touched.get(address) ?? { pool, ticks: new Set<number>() }
        entry.ticks.add(log.args.bottomTick).add(log.args.topTick)
        touched.set(address, entry)
      }
    }
    if (touched.size > 0) {
      const reads = await readTouchedTicks(reader, { touched, blockNumber, multicallAddress, lens })
      for (const [address, read] of reads) {
        const pool = current(address)
        if (pool) changed.set(address, withTicks(pool, read.liquidity, read.ticks))
      }
    }
    const fresh = [...reread].flatMap((address) => current(address) ?? [])
    for (const state of await readAlgebraPoolStates(reader, {
      pools: fresh,
      blockNumber,
      multicallAddress,
    })) {
      changed.set(state.address, state)
    }
    return changed
  },

  isUsable: (pool) =>
    (pool.pluginConfig & BEFORE_SWAP_FLAG) === 0 &&
    pool.sqrtPriceX96 > 0n &&
    (pool.liquidity > 0n || pool.ticks.length > 0),

  ...concentratedPoolMath(quoterOf),
  acceptsTaxedInput: false,
  hopGasUnits: (ticksCrossed) => 85_000n + 35_000n * BigInt(ticksCrossed),
  contractHopFee: () => 0,
}
