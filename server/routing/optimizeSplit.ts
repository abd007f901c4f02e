export interface OptimizeSplitParams {
  /** Number of candidate paths; candidates are 0..count-1. */
  candidateCount: number
  /** Pool ids a candidate uses; two legs of one split never share a pool. */
  poolIdsOf: (candidate: number) => readonly number[]
  /**
   * Objective of giving `amount` to a candidate (exact in: its output; exact out: minus its input), concave and
   * increasing in amount; null when the candidate cannot take that amount. The value of 0 is 0.
   */
  value: (candidate: number, amount: bigint) => bigint | null
  /** Amount to distribute (exact in: input; exact out: output), > 0. */
  total: bigint
  maxLegs: number
  /** Water-filling resolution: the total is handed out in this many equal chunks. Default 50. */
  chunks?: number
  /**
   * Refinement stops below this move size. Default total / 2^18 (at least 1): the output lost to a residual
   * misallocation of d is second order in d/total, below 1e-9 of the output at this resolution.
   */
  minMove?: bigint
}

export interface SplitAllocation {
  readonly candidate: number
  readonly amount: bigint
  readonly value: bigint
}

/**
 * Distributes `total` over pool-disjoint candidate paths to maximise the summed objective (equal marginal
 * rates at the optimum). Phase 1 water-fills: each chunk goes to the candidate with the best increment, so only
 * the candidate that just grew is re-evaluated (candidates + chunks evaluations). Phase 2 refines by exact
 * re-evaluation: move `delta` from the leg that loses least to the leg that gains most while that helps,
 * halving `delta` when no move helps. Returns null when no allocation can absorb the total.
 */
export function optimizeSplit(params: OptimizeSplitParams): SplitAllocation[] | null {
  const { candidateCount, poolIdsOf, value, total, maxLegs } = params
  if (total <= 0n || candidateCount === 0) return null
  const chunkCount = total < BigInt(params.chunks ?? 50) ? Number(total) : (params.chunks ?? 50)
  const chunk = total / BigInt(chunkCount)

  const alloc: bigint[] = new Array(candidateCount).fill(0n)
  const val: bigint[] = new Array(candidateCount).fill(0n)
  const nextVal: (bigint | null | undefined)[] = new Array(candidateCount).fill(undefined)
  const active: number[] = []
  const usedPools = new Set<number>()

  for (let step = 0; step < chunkCount; step++) {
    let best = -1
    let bestInc = 0n
    for (let i = 0; i < candidateCount; i++) {
      if (alloc[i] === 0n) {
        if (active.length >= maxLegs || poolIdsOf(i).some((id) => usedPools.has(id))) continue
      }
      let next = nextVal[i]
      if (next === undefined) {
        next = value(i, (alloc[i] ?? 0n) + chunk)
        nextVal[i] = next
      }
      if (next === null) continue
      const inc = next - (val[i] ?? 0n)
      if (best < 0 || inc > bestInc) {
        best = i
        bestInc = inc
      }
    }
    if (best < 0) return null
    const grown = nextVal[best]
    if (grown === null || grown === undefined) return null
    if (alloc[best] === 0n) {
      active.push(best)
      for (const id of poolIdsOf(best)) usedPools.add(id)
    }
    alloc[best] = (alloc[best] ?? 0n) + chunk
    val[best] = grown
    nextVal[best] = undefined
  }

  const remainder = total - chunk * BigInt(chunkCount)
  if (remainder > 0n) {
    let best = -1
    let bestVal = 0n
    for (const i of active) {
      const v = value(i, (alloc[i] ?? 0n) + remainder)
      if (v !== null && (best < 0 || v - (val[i] ?? 0n) > bestVal - (val[best] ?? 0n))) {
        best = i
        bestVal = v
      }
    }
    if (best < 0) return null
    alloc[best] = (alloc[best] ?? 0n) + remainder
    val[best] = bestVal
  }

  if (active.length > 1) refine(active, alloc, val, value, chunk, params.minMove ?? (total >> 18n || 1n))

  return active.map((candidate) => ({
    candidate,
    amount: alloc[candidate] ?? 0n,
    value: val[candidate] ?? 0n,
  }))
}

const MAX_MOVES = 400

function refine(
  legs: readonly number[],
  alloc: bigint[],
  val: bigint[],
  value: (candidate: number, amount: bigint) => bigint | null,
  chunk: bigint,
  minMove: bigint,
): void {
  let delta = chunk / 2n > 0n ? chunk / 2n : 1n
  let moves = 0
  // ups/downs of each leg at the current delta; after a move only the two legs that changed are re-evaluated.
  const evalUp = (i: number) => value(i, (alloc[i] ?? 0n) + delta)
  const evalDown = (i: number) => ((alloc[i] ?? 0n) > delta ? value(i, (alloc[i] ?? 0n) - delta) : null)
  let ups = legs.map(evalUp)
  let downs = legs.map(evalDown)
  while (delta >= minMove && moves < MAX_MOVES) {
    let bestGain = 0n
    let from = -1
    let to = -1
    for (let t = 0; t < legs.length; t++) {
      const up = ups[t]
      const gainer = legs[t]
      if (up === null || up === undefined || gainer === undefined) continue
      for (let f = 0; f < legs.length; f++) {
        const down = downs[f]
        const loser = legs[f]
        if (f === t || down === null || down === undefined || loser === undefined) continue
        const net = up - (val[gainer] ?? 0n) - ((val[loser] ?? 0n) - down)
        if (net > bestGain) {
          bestGain = net
          from = f
          to = t
        }
      }
    }
    const gainer = legs[to]
    const loser = legs[from]
    const up = ups[to]
    const down = downs[from]
    if (
      gainer === undefined ||
      loser === undefined ||
      up === null ||
      up === undefined ||
      down === null ||
      down === undefined
    ) {
      delta /= 2n
      ups = legs.map(evalUp)
      downs = legs.map(evalDown)
      continue
    }
    alloc[gainer] = (alloc[gainer] ?? 0n) + delta
    val[gainer] = up
    alloc[loser] = (alloc[loser] ?? 0n) - delta
    val[loser] = down
    ups[to] = evalUp(gainer)
    downs[to] = evalDown(gainer)
    ups[from] = evalUp(loser)
    downs[from] = evalDown(loser)
    moves++
  }
}
