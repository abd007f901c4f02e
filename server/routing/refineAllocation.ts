export interface RefineAllocationParams {
  /**
   * Objective of giving `amount` to leg `leg` (concave in amount; exact, or near enough to rank moves); null
   * where it cannot execute.
   */
  value: (leg: number, amount: bigint) => number | null
  /** Starting amounts per leg (> 0), summing to the total; updated in place. */
  amounts: bigint[]
  /** value(leg, amounts[leg]) per leg; updated in place. */
  values: number[]
  /** First move size. */
  startDelta: bigint
  /** Stops below this move size. */
  minMove: bigint
  /** Cap on moves. Default 400. */
  maxMoves?: number
}

/**
 * Polishes an allocation of integer amounts: moves `delta` from the leg that loses least to the leg
 * that gains most while that raises the summed objective, halving `delta` when no move helps, until
 * `minMove` or `maxMoves`. After a move only the two legs that changed are re-evaluated. Returns the number
 * of evaluations spent. The total is unchanged.
 */
export function refineAllocation(params: RefineAllocationParams): number {
  const { value, amounts, values, minMove } = params
  const maxMoves = params.maxMoves ?? 400
  const legs = amounts.map((_, i) => i)
  let delta = params.startDelta > 0n ? params.startDelta : 1n
  let moves = 0
  let evaluations = 0
  const evalUp = (i: number) => {
    evaluations++
    return value(i, (amounts[i] ?? 0n) + delta)
  }
  const evalDown = (i: number) => {
    if ((amounts[i] ?? 0n) <= delta) return null
    evaluations++
    return value(i, (amounts[i] ?? 0n) - delta)
  }
  let ups = legs.map(evalUp)
  let downs = legs.map(evalDown)
  while (legs.length > 1 && delta >= minMove && moves < maxMoves) {
    let bestGain = 0
    let from = -1
    let to = -1
    for (const t of legs) {
      const up = ups[t]
      if (up === null || up === undefined) continue
      for (const f of legs) {
        const down = downs[f]
        if (f === t || down === null || down === undefined) continue
        const net = up - (values[t] ?? 0) - ((values[f] ?? 0) - down)
        if (net > bestGain) {
          bestGain = net
          from = f
          to = t
        }
      }
    }
    const up = ups[to]
    const down = downs[from]
    if (from < 0 || to < 0 || up === null || up === undefined || down === null || down === undefined) {
      delta /= 2n
      if (delta < minMove || delta === 0n) break
      ups = legs.map(evalUp)
      downs = legs.map(evalDown)
      continue
    }
    amounts[to] = (amounts[to] ?? 0n) + delta
    values[to] = up
    amounts[from] = (amounts[from] ?? 0n) - delta
    values[from] = down
    ups[to] = evalUp(to)
    downs[to] = evalDown(to)
    ups[from] = evalUp(from)
    downs[from] = evalDown(from)
    moves++
  }
  return evaluations
}
