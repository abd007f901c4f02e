import type { Address } from 'viem'
import type { PoolReader } from '../PoolKind'
import { bitmapWordRange } from './bitmapWordRange'
import type { ConcentratedPoolLens } from './ConcentratedPoolLens'
import type { V3Tick } from './V3PoolState'

/** What a concentrated pool's state adds to its descriptor. */
export interface ConcentratedReading {
  sqrtPriceX96: bigint
  tick: number
  liquidity: bigint
  ticks: V3Tick[]
  /** The rest of the slot0 answer (V4's protocol and LP fees), for the kind to read. */
  slot0: readonly unknown[]
}

/**
 * The full state of each pool at `blockNumber`: price and in-range liquidity, every tick-bitmap word its spacing can
 * use, then the liquidityNet of each initialized tick, all through `lens` in three rounds of multicalls pinned to
 * the block (so the states are mutually consistent). Throws when a read fails.
 */
export async function readConcentratedPoolStates<P extends { readonly tickSpacing: number }>(
  reader: PoolReader,
  params: {
    pools: readonly P[]
    blockNumber: bigint
    multicallAddress: Address
    lens: ConcentratedPoolLens<P>
  },
): Promise<ConcentratedReading[]> {
  const { pools, blockNumber, multicallAddress, lens } = params
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
    reader.multicall({ ...call, contracts: pools.flatMap((p) => [lens.slot0(p), lens.liquidity(p)]) }),
    reader.multicall({
      ...call,
      contracts: wordCalls.map(({ poolIndex, word }) => lens.tickBitmap(poolAt(poolIndex), word)),
    }),
  ])
  const tickCalls: { poolIndex: number; tick: number }[] = []
  words.forEach((bits, i) => {
    const wc = wordCalls[i]
    if (!wc || typeof bits !== 'bigint' || bits === 0n) return
    const spacing = poolAt(wc.poolIndex).tickSpacing
    for (let bit = 0; bit < 256; bit++) {
      if ((bits >> BigInt(bit)) & 1n)
        tickCalls.push({ poolIndex: wc.poolIndex, tick: (wc.word * 256 + bit) * spacing })
    }
  })
  const tickInfos = await reader.multicall({
    ...call,
    contracts: tickCalls.map(({ poolIndex, tick }) => lens.tick(poolAt(poolIndex), tick)),
  })
  const ticksByPool = pools.map((): V3Tick[] => [])
  tickCalls.forEach(({ poolIndex, tick }, i) => {
    const info = tickInfos[i] as readonly [bigint, bigint, ...unknown[]] | undefined
    if (info) ticksByPool[poolIndex]?.push({ index: tick, liquidityNet: info[1] })
  })
  return pools.map((_, i) => {
    const slot0 = heads[2 * i] as readonly [bigint, number, ...unknown[]] | undefined
    const liquidity = heads[2 * i + 1]
    if (!slot0 || typeof liquidity !== 'bigint') throw new Error(`missing state for pool ${i}`)
    const ticks = (ticksByPool[i] ?? []).sort((a, b) => a.index - b.index)
    return { sqrtPriceX96: slot0[0], tick: slot0[1], liquidity, ticks, slot0 }
  })
}
