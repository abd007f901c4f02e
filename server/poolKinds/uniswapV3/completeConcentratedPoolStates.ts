import type { Address } from 'viem'
import type { PoolReader } from '../PoolKind'
import { bitmapWordRange } from './bitmapWordRange'
import type { ConcentratedPoolLens } from './ConcentratedPoolLens'
import { readTickWords } from './readTickWords'
import { tickWordOf } from './tickWordOf'
import type { ConcentratedLiquidity, TickWords, V3Tick } from './V3PoolState'

/** Words a batch adds to a side of a pool's known words (more where its price has left them). */
const WORDS_PER_SIDE = 8

/** The bitmap words of `pool` still to read (0 once `ticks` holds every initialized tick). */
export function tickWordsLeft(pool: ConcentratedLiquidity): number {
  const known = pool.tickWords
  if (known === undefined) return 0
  const all = bitmapWordRange(pool.tickSpacing)
  return known.first - all.first + (all.last - known.last)
}

/**
 * The words to read next of pools read in part, at most `maxWords` in all: the pools whose price is nearest an
 * edge of their known words first (past it: first of all), each side widened by an equal share of the budget (at
 * least `WORDS_PER_SIDE` words, plus the words up to the price where it left them), shares a side cannot use going
 * round again to the others. Each request is the run of words next to a side's known ones. Pure.
 */
export function planTickWords<S extends ConcentratedLiquidity>(
  pools: readonly S[],
  maxWords: number,
): { pool: S; words: TickWords }[] {
  const sides = pools.flatMap((pool) => {
    const known = pool.tickWords
    if (known === undefined) return []
    const all = bitmapWordRange(pool.tickSpacing)
    const word = tickWordOf(pool.tick, pool.tickSpacing, true)
    const below = known.first > all.first ? word - known.first : Number.POSITIVE_INFINITY
    const above = known.last < all.last ? known.last - word : Number.POSITIVE_INFINITY
    return [
      {
        pool,
        known,
        distance: Math.min(below, above),
        down: { left: known.first - all.first, gap: Math.max(0, known.first - word), taken: 0 },
        up: { left: all.last - known.last, gap: Math.max(0, word - known.last), taken: 0 },
      },
    ]
  })
  sides.sort((a, b) => a.distance - b.distance)
  let budget = maxWords
  for (let round = 0; budget > 0; round++) {
    const open = sides.flatMap((s) => [s.down, s.up]).filter((side) => side.taken < side.left)
    if (open.length === 0) break
    const share = Math.max(WORDS_PER_SIDE, Math.floor(budget / open.length))
    for (const side of open) {
      const take = Math.min(budget, side.left - side.taken, share + (round === 0 ? side.gap : 0))
      side.taken += take
      budget -= take
      if (budget <= 0) break
    }
  }
  return sides.flatMap(({ pool, known, down, up }) => [
    ...(down.taken > 0 ? [{ pool, words: { first: known.first - down.taken, last: known.first - 1 } }] : []),
    ...(up.taken > 0 ? [{ pool, words: { first: known.last + 1, last: known.last + up.taken } }] : []),
  ])
}

/**
 * `pool` with the ticks of newly read words next to its known ones: those words' ticks replaced by the reads (a
 * tick that Mint/Burn added there already is read again), `tickWords` widened, undefined once every word is known.
 */
export function withTickWords<S extends ConcentratedLiquidity>(
  pool: S,
  reads: readonly { words: TickWords; ticks: readonly V3Tick[] }[],
): S {
  const known = pool.tickWords
  if (known === undefined || reads.length === 0) return pool
  const spacing = pool.tickSpacing
  const inRead = (tick: number) => {
    const word = Math.floor(tick / spacing) >> 8
    return reads.some(({ words }) => word >= words.first && word <= words.last)
  }
  const ticks = [...pool.ticks.filter((t) => !inRead(t.index)), ...reads.flatMap((r) => r.ticks)].sort(
    (a, b) => a.index - b.index,
  )
  const first = Math.min(known.first, ...reads.map((r) => r.words.first))
  const last = Math.max(known.last, ...reads.map((r) => r.words.last))
  const all = bitmapWordRange(spacing)
  const full = first <= all.first && last >= all.last
  return { ...pool, ticks, tickWords: full ? undefined : { first, last } }
}

/**
 * More of the pools read in part (`planTickWords`: at most `maxReads` bitmap words, nearest their price first),
 * read at `blockNumber` through `lens`: the states it widened (`PoolKind.completePoolStates` of V3 and V4).
 */
export async function completeConcentratedPoolStates<
  P extends { readonly tickSpacing: number },
  S extends P & ConcentratedLiquidity,
>(
  reader: PoolReader,
  params: { pools: readonly S[]; blockNumber: bigint; multicallAddress: Address; maxReads: number },
  lens: ConcentratedPoolLens<P>,
): Promise<S[]> {
  const { pools, blockNumber, multicallAddress, maxReads } = params
  const requests = planTickWords(pools, maxReads)
  if (requests.length === 0) return []
  const ticks = await readTickWords<P>(reader, { requests, blockNumber, multicallAddress, lens })
  const byPool = new Map<S, { words: TickWords; ticks: V3Tick[] }[]>()
  requests.forEach(({ pool, words }, i) => {
    const reads = byPool.get(pool) ?? []
    reads.push({ words, ticks: ticks[i] ?? [] })
    byPool.set(pool, reads)
  })
  return [...byPool].map(([pool, reads]) => withTickWords(pool, reads))
}
