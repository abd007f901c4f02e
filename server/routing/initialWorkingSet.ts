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
  const floor = new Map<string, number>()
  const pairOf = (edge: { readonly from: number; readonly to: number }) => `${edge.from}>${edge.to}`
  for (const [e, edge] of edges.entries()) {
    const x = scales[edge.from] ?? 0
    const whole = approxOut(e, x)
    const less = approxOut(e, x * (1 - MARGINAL_STEP))
    // a pool that cannot take the whole input's worth is as good as empty by then
    const rate = whole !== null && less !== null ? (whole - less) / (x * MARGINAL_STEP) : 0
    const key = pairOf(edge)
    if (rate > (floor.get(key) ?? 0)) floor.set(key, rate)
  }
  return edges.map((edge, e) => (spots[e] ?? 0) > (floor.get(pairOf(edge)) ?? 0))
}

/** The input step (a share of the input) over which `initialWorkingSet` takes a pool's marginal rate. */
const MARGINAL_STEP = 1e-3
