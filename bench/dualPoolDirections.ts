import type { PoolState } from '../server/routing/types'

/** A pool's best trade in one direction at a price ratio, with how fast its input changes with the ratio. */
export interface DualResponse {
  /** What the pool takes in (fee included), in the `from` token's base units. */
  readonly paid: number
  /** What it gives out, in the `to` token's base units. */
  readonly received: number
  /** d paid / d r (<= 0: a higher price of the input token makes the pool take less of it). */
  readonly dPaid: number
  /**
   * received − r · paid, computed without cancellation (the dual sums these; the difference of the two large
   * products loses the digits a small trade over deep pools needs).
   */
  readonly profit: number
}

/** One direction of one pool: selling `zeroForOne ? token0 : token1` into it. */
export interface DualPoolDirection {
  readonly pool: PoolState
  readonly zeroForOne: boolean
  /** The pool's best trade at r = ν[from] / ν[to]: maximise ν[to]·received − ν[from]·paid over its curve. */
  readonly respond: (r: number) => DualResponse
}

interface Segment {
  /** sqrt price (token1 per token0, base units) where the segment ends, in the direction of travel. */
  readonly sqrtEnd: number
  readonly liquidity: number
}

const Q96 = 2 ** 96
const NONE: DualResponse = { paid: 0, received: 0, dPaid: 0, profit: 0 }

/**
 * A constant-product pair selling into reserve `reserveIn`: trade until the marginal output
 * (1−f)·Rin·Rout/(Rin+(1−f)x)² meets r, so net input = sqrt((1−f)·Rin·Rout/r) − Rin.
 */
function v2Respond(reserveIn: number, reserveOut: number, feeBps: number) {
  const keep = 1 - feeBps / 10_000
  const root = Math.sqrt(keep * reserveIn * reserveOut)
  return (r: number): DualResponse => {
    if (!(r > 0)) return NONE
    const atPrice = root / Math.sqrt(r)
    const net = atPrice - reserveIn
    if (!(net > 0)) return NONE
    return {
      paid: net / keep,
      received: (reserveOut * net) / (reserveIn + net),
      dPaid: -atPrice / (2 * r * keep),
      // with S = Rin + net at the price: received − r·paid = r·net²/((1−f)·Rin)
      profit: (r * net * net) / (keep * reserveIn),
    }
  }
}

/**
 * A V3 pool over its tick segments (price falls selling token0, rises selling token1): trade until the marginal
 * rate (1−f)·s² (token0 in) or (1−f)/s² (token1 in) meets r, segment by segment; past the last initialized tick
 * the pool has nothing more to give.
 */
function v3Respond(sqrtPrice: number, segments: readonly Segment[], fee: number, zeroForOne: boolean) {
  const keep = 1 - fee / 1_000_000
  return (r: number): DualResponse => {
    if (!(r > 0)) return NONE
    const target = zeroForOne ? Math.sqrt(r / keep) : Math.sqrt(keep / r)
    if (zeroForOne ? target >= sqrtPrice : target <= sqrtPrice) return NONE
    let s = sqrtPrice
    let paid = 0
    let received = 0
    let dPaid = 0
    let profit = 0
    const t2 = target * target
    for (const segment of segments) {
      const end = zeroForOne ? Math.max(target, segment.sqrtEnd) : Math.min(target, segment.sqrtEnd)
      const l = segment.liquidity
      // each segment's received − r·paid in a form without cancellation (r = (1−f)·T² or (1−f)/T²)
      if (zeroForOne) {
        paid += (l * (1 / end - 1 / s)) / keep
        received += l * (s - end)
        profit += (l * (s - end) * (end * s - t2)) / (end * s)
      } else {
        paid += (l * (end - s)) / keep
        received += l * (1 / s - 1 / end)
        profit += (l * (end - s) * (t2 - s * end)) / (s * end * t2)
      }
      s = end
      if (end === target) {
        dPaid = zeroForOne ? -l / (2 * keep * target * r) : -(l * target) / (2 * keep * r)
        break
      }
    }
    return { paid, received, dPaid, profit }
  }
}

/**
 * A concentrated pool's segments from its current price in one direction (liquidity changes at each initialized
 * tick): V3, V4 and Algebra alike. A pool read in part (`tickWords`) ends at the edge of its known words, as the
 * router's math does.
 */
function v3Segments(
  pool: Extract<PoolState, { kind: 'uniswap-v3' | 'uniswap-v4' | 'algebra-integral' }>,
  zeroForOne: boolean,
): Segment[] {
  const sqrtAt = (tick: number) => 1.0001 ** (tick / 2)
  const segments: Segment[] = []
  let liquidity = Number(pool.liquidity)
  const known = pool.tickWords
  const edge =
    known === undefined
      ? undefined
      : zeroForOne
        ? known.first * 256 * pool.tickSpacing
        : (known.last * 256 + 255) * pool.tickSpacing
  const ticks = zeroForOne
    ? pool.ticks.filter((t) => t.index <= pool.tick && (edge === undefined || t.index >= edge)).reverse()
    : pool.ticks.filter((t) => t.index > pool.tick && (edge === undefined || t.index <= edge))
  for (const tick of ticks) {
    segments.push({ sqrtEnd: sqrtAt(tick.index), liquidity })
    liquidity += zeroForOne ? -Number(tick.liquidityNet) : Number(tick.liquidityNet)
    if (liquidity <= 0) return segments
  }
  if (edge !== undefined) segments.push({ sqrtEnd: sqrtAt(edge), liquidity })
  return segments
}

/**
 * The two directions of `pool` for the dual of the routing problem, each answering the pool's best trade at a
 * price ratio in closed form over its exact curve in floats (a V2 pair's constant product; a V3 pool's tick
 * segments walked one by one), with the derivative of its input in the ratio (the dual's curvature). Empty for
 * an empty pair. Also returns the pool's mid rate (token1 per token0; 0 without liquidity at its price) for
 * starting prices.
 */
export function dualPoolDirections(pool: PoolState): { directions: DualPoolDirection[]; midRate: number } {
  if (pool.kind === 'uniswap-v2') {
    const r0 = Number(pool.reserve0)
    const r1 = Number(pool.reserve1)
    if (r0 <= 0 || r1 <= 0) return { directions: [], midRate: 0 }
    return {
      directions: [
        { pool, zeroForOne: true, respond: v2Respond(r0, r1, pool.feeBps) },
        { pool, zeroForOne: false, respond: v2Respond(r1, r0, pool.feeBps) },
      ],
      midRate: r1 / r0,
    }
  }
  const s = Number(pool.sqrtPriceX96) / Q96
  if (!(s > 0)) return { directions: [], midRate: 0 }
  return {
    directions: [
      { pool, zeroForOne: true, respond: v3Respond(s, v3Segments(pool, true), pool.fee, true) },
      { pool, zeroForOne: false, respond: v3Respond(s, v3Segments(pool, false), pool.fee, false) },
    ],
    midRate: pool.liquidity > 0n ? s * s : 0,
  }
}
