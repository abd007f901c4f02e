/**
 * The pool directions a flow solve starts from (see `searchFlowRoute`'s column generation): of the pools between
 * each pair of tokens, those whose spot rate after fee (`spots`) beats the best pool's marginal rate once it has
 * taken the whole input's worth of the pair's input token (`scales`). The pair's flow at the optimum is at most
 * that worth, so its marginal rate there is at least this floor and the pools left out take nothing; where the
 * floor is off (the models are not the pools' exact curves), the solve's pricing adds them back. `approxOut(e,
 * x)`: edge e's output for input x, in floats (null: it cannot fill x). Pure.
 */
export function initialWorkingSet(
  edges: readonly { readonly from: number; readonly to: number }[],
  spots: readonly number[],
  scales: readonly number[],
  approxOut: (e: number, x: number) => number | null,
): boolean[] {
  // each pair's pools, best spot rate first: a pool's marginal rate never beats its spot rate, so once the
  // floor is at or above a pool's spot rate neither that pool nor any after it can raise it (nor joins)
  const pairs = new Map<number, number[]>()
  for (const [e, edge] of edges.entries()) {
    const key = pairKey(edge)
    const pools = pairs.get(key)
    if (pools) pools.push(e)
    else pairs.set(key, [e])
  }
  const floor = new Map<number, number>()
  for (const [key, pools] of pairs) {
    pools.sort((a, b) => (spots[b] ?? 0) - (spots[a] ?? 0))
    let best = 0
    for (const e of pools) {
      if ((spots[e] ?? 0) <= best) break
      const x = scales[edges[e]?.from ?? 0] ?? 0
      const whole = approxOut(e, x)
      const less = approxOut(e, x * (1 - MARGINAL_STEP))
      // a pool that cannot take the whole input's worth is as good as empty by then
      const rate = whole !== null && less !== null ? (whole - less) / (x * MARGINAL_STEP) : 0
      if (rate > best) best = rate
    }
    floor.set(key, best)
  }
  return edges.map((edge, e) => (spots[e] ?? 0) > (floor.get(pairKey(edge)) ?? 0))
}

/** A pool direction's pair of token indexes as one number (a flow problem has a few dozen tokens). */
const pairKey = (edge: { readonly from: number; readonly to: number }) => edge.from * 65_536 + edge.to

/** The input step (a share of the input) over which `initialWorkingSet` takes a pool's marginal rate. */
const MARGINAL_STEP = 1e-3
