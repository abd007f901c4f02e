import type { Address } from 'viem'
import type { PoolReader } from '../PoolKind'
import { bitmapWordRange } from './bitmapWordRange'
import type { ConcentratedPoolLens } from './ConcentratedPoolLens'
import { readTickWords } from './readTickWords'
import { tickWordOf } from './tickWordOf'
import type { TickWords, V3Tick } from './V3PoolState'

/**
 * Bitmap words read on each side of a pool's price word at a load: 256 ticks a word, so at least ±5 % of price for
 * a spacing of 1, a factor 20 either way for 60. The rest is read later (`completeConcentratedPoolStates`).
 */
export const TICK_WORDS_AROUND_PRICE = 2

/** What a concentrated pool's state adds to its descriptor. */
export interface ConcentratedReading {
  sqrtPriceX96: bigint
  tick: number
  liquidity: bigint
  ticks: V3Tick[]
  /** The words `ticks` covers, when not every one (see `ConcentratedLiquidity.tickWords`). */
  tickWords?: TickWords
  /** The rest of the slot0 answer (V4's protocol and LP fees), for the kind to read. */
  slot0: readonly unknown[]
}

/**
 * Each pool's state at `blockNumber`: price and in-range liquidity, then the ticks of the bitmap words within
 * `TICK_WORDS_AROUND_PRICE` of its price's (`tickWords` says which; all of them when the spacing has no more), all
 * through `lens` in three rounds of multicalls pinned to the block (so the states are mutually consistent). Throws
 * when a read fails.
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
  const heads = await reader.multicall({
    blockNumber,
    multicallAddress,
    allowFailure: false,
    batchSize: 8_192,
    contracts: pools.flatMap((p) => [lens.slot0(p), lens.liquidity(p)]),
  })
  const readings = pools.map((pool, i) => {
    const slot0 = heads[2 * i] as readonly [bigint, number, ...unknown[]] | undefined
    const liquidity = heads[2 * i + 1]
    if (!slot0 || typeof liquidity !== 'bigint') throw new Error(`missing state for pool ${i}`)
    const all = bitmapWordRange(pool.tickSpacing)
    const word = tickWordOf(slot0[1], pool.tickSpacing, true)
    const words = {
      first: Math.max(all.first, word - TICK_WORDS_AROUND_PRICE),
      last: Math.min(all.last, word + TICK_WORDS_AROUND_PRICE),
    }
    const partial = words.first > all.first || words.last < all.last
    return { pool, words, partial, slot0, liquidity }
  })
  const ticks = await readTickWords(reader, { requests: readings, blockNumber, multicallAddress, lens })
  return readings.map(({ words, partial, slot0, liquidity }, i) => ({
    sqrtPriceX96: slot0[0],
    tick: slot0[1],
    liquidity,
    ticks: ticks[i] ?? [],
    ...(partial ? { tickWords: words } : {}),
    slot0,
  }))
}
