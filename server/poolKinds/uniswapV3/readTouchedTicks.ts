import type { Address } from 'viem'
import type { PoolReader } from '../PoolKind'
import type { ConcentratedPoolLens } from './ConcentratedPoolLens'

/** One tick read again: its liquidityNet and whether any position still uses it. */
export type TickRead = { liquidityNet: bigint; initialized: boolean }

/**
 * In-range liquidity and the given ticks of each touched pool (keyed by the pool's id), read through `lens` at
 * `blockNumber` in one multicall: what Mint/Burn (V3) or ModifyLiquidity (V4) logs changed.
 */
export async function readTouchedTicks<P>(
  reader: PoolReader,
  params: {
    touched: ReadonlyMap<Address, { pool: P; ticks: ReadonlySet<number> }>
    blockNumber: bigint
    multicallAddress: Address
    lens: ConcentratedPoolLens<P>
  },
): Promise<Map<Address, { liquidity: bigint; ticks: Map<number, TickRead> }>> {
  const { touched, blockNumber, multicallAddress, lens } = params
  const ids = [...touched.keys()]
  const tickCalls = [...touched].flatMap(([id, { pool, ticks }]) =>
    [...ticks].map((tick) => ({ id, pool, tick })),
  )
  const results = await reader.multicall({
    blockNumber,
    multicallAddress,
    allowFailure: false,
    contracts: [
      ...[...touched.values()].map(({ pool }) => lens.liquidity(pool)),
      ...tickCalls.map(({ pool, tick }) => lens.tick(pool, tick)),
    ],
  })
  const reads = new Map<Address, { liquidity: bigint; ticks: Map<number, TickRead> }>()
  ids.forEach((id, i) => {
    reads.set(id, { liquidity: results[i] as bigint, ticks: new Map() })
  })
  tickCalls.forEach(({ id, tick }, i) => {
    const info = results[ids.length + i] as readonly [bigint, bigint, ...unknown[]]
    reads.get(id)?.ticks.set(tick, { liquidityNet: info[1], initialized: info[0] > 0n })
  })
  return reads
}
