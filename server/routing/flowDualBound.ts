/** One pool direction of a flow problem, as `flowDualBound` bounds it. */
export interface BoundedEdge {
  readonly from: number
  readonly to: number
  /** Its marginal rate at no input (the spot rate after fee): no output exceeds `spot` times the input. */
  readonly spot: number
  /** The most input it can be given (e.g. what the whole input buys of its token at spot rates). */
  readonly reach: number
  /** What using it at all costs, in the objective's units (e.g. its gas); default 0. */
  readonly cost?: number
  /** Samples of its output already taken (inputs `xs` increasing from 0, outputs `ys`), if any. */
  readonly samples?: { readonly xs: readonly number[]; readonly ys: readonly number[] } | null
}

export interface FlowDualBoundParams {
  readonly edges: readonly BoundedEdge[]
  /**
   * What a unit of each token is worth in the objective's units (none negative; the last token's is what its
   * output is worth), e.g. a solve's prices over models of the pools.
   */
  readonly prices: readonly number[]
  /** Input of token 0. */
  readonly total: number
  /** The fewest pool directions a flow bounded uses (default 0): the bound pays the costs of that many at least. */
  readonly leastUsed?: number
  /** Edge e's output for input x (null: it cannot fill x): more samples where the bound is loose. */
  readonly sample?: (e: number, x: number) => number | null
  /** Most samples taken (default 0). */
  readonly maxSamples?: number
  /** Stop sampling once the bound is at most this (it only has to show that much); default: sample on. */
  readonly target?: number
}

/**
 * An upper bound on the value (the last token's output at its price, less the cost of each pool direction
 * used) of any flow of `total` of token 0 over pools with concave outputs, by weak duality: at any prices
 * (none negative) it is at most token 0's price times `total` plus, for each pool direction used, the most it
 * can earn at those prices less its cost: max over x of price(to) x output(x) - price(from) x x - cost. The
 * directions that would not pay their cost count only as far as a flow must use `leastUsed` directions. A
 * direction's output is bounded between two samples by the lines through them at their neighbouring chords'
 * slopes (a concave output lies below them), from 0 by `spot` times the input, and past its last sample, up to
 * `reach`, by its last chord (by `spot` times the input when it has none). So the bound holds for the pools'
 * own outputs, not only for models of them. With `sample`, the direction whose bound is loosest (above its
 * best sample's earnings) is sampled where its bound peaks, until the bound reaches `target`, cannot reach it
 * any more (the samples' own earnings exceed it), or `maxSamples` are spent. Returns the bound and the samples
 * taken. Pure but for `sample`.
 */
export function flowDualBound(params: FlowDualBoundParams): { bound: number; samples: number } {
  const { edges, prices, total } = params
  const base = Math.max(prices[0] ?? 0, 0) * total
  const leastUsed = params.leastUsed ?? 0
  // directions that earn nothing at these prices (their spot rate does not pay the price of their input) cost
  // their cost if used: only the cheapest few can count in the bound, never more than `leastUsed`
  const idle: number[] = []
  const earning: EdgeState[] = []
  for (const [e, edge] of edges.entries()) {
    const paid = Math.max(prices[edge.from] ?? 0, 0)
    const got = Math.max(prices[edge.to] ?? 0, 0)
    const cost = edge.cost ?? 0
    if (!(got > 0 && edge.spot * got > paid)) {
      keepLargest(idle, -cost, leastUsed)
      continue
    }
    const state: EdgeState = {
      e,
      xs: [...(edge.samples?.xs ?? [0])],
      ys: [...(edge.samples?.ys ?? [0])],
      reach: edge.reach,
      spot: edge.spot,
      rate: paid / got,
      worth: got,
      cost,
      upper: 0,
      lower: 0,
      next: Number.NaN,
    }
    settle(state)
    earning.push(state)
  }
  // the bound with each earning direction earning `earned(state)`, and the directions that count in it: those
  // that pay their cost, and as many more of the others as a flow must use, the most paying first
  const boundOf = (earned: (state: EdgeState) => number) => {
    let sum = base
    const counted: EdgeState[] = []
    const unpaid: { state: EdgeState; net: number }[] = []
    for (const state of earning) {
      const net = state.worth * earned(state) - state.cost
      if (net > 0) {
        sum += net
        counted.push(state)
      } else unpaid.push({ state, net })
    }
    const forced = leastUsed - counted.length
    if (forced > 0) {
      const nets = [...idle]
      for (const { net } of unpaid) keepLargest(nets, net, forced)
      for (let k = 0; k < forced && k < nets.length; k++) sum += nets[k] ?? 0
      // which of the earning directions were forced in (ties: the bound is the same either way)
      const least = nets[Math.min(forced, nets.length) - 1] ?? Number.POSITIVE_INFINITY
      for (const { state, net } of unpaid) if (net >= least) counted.push(state)
    }
    return { sum, counted }
  }
  let upper = boundOf((s) => s.upper)
  let samples = 0
  const { sample, target = Number.NEGATIVE_INFINITY } = params
  while (sample && samples < (params.maxSamples ?? 0) && upper.sum > target) {
    // the samples' own earnings already exceed the target: no bound at these prices can reach it
    if (params.target !== undefined && boundOf((s) => s.lower).sum > target) break
    let loosest: EdgeState | undefined
    let slack = 0
    for (const state of upper.counted) {
      const gap = state.worth * (state.upper - state.lower)
      if (gap > slack && Number.isFinite(state.next)) {
        slack = gap
        loosest = state
      }
    }
    if (!loosest) break
    const x = loosest.next
    const y = sample(loosest.e, x)
    samples++
    if (y === null) loosest.reach = Math.min(loosest.reach, x)
    else insertSample(loosest, x, y)
    settle(loosest)
    upper = boundOf((s) => s.upper)
  }
  return { bound: upper.sum, samples }
}

/** Inserts `value` into `largest` (descending) if it is among the `count` largest. */
function keepLargest(largest: number[], value: number, count: number): void {
  if (count <= 0 || (largest.length >= count && value <= (largest[largest.length - 1] ?? 0))) return
  let k = largest.length
  while (k > 0 && (largest[k - 1] ?? 0) < value) k--
  largest.splice(k, 0, value)
  if (largest.length > count) largest.pop()
}

interface EdgeState {
  readonly e: number
  xs: number[]
  ys: number[]
  /** Inputs from `reach` on cannot be given (past the pool's capacity, or more than the flow holds). */
  reach: number
  readonly spot: number
  /** Price paid per unit of output, in units of output (the bound earns output(x) - rate x). */
  readonly rate: number
  /** Price of a unit of output. */
  readonly worth: number
  readonly cost: number
  /** Most earned per the bound, and best earned at a sample (in output units, at least 0). */
  upper: number
  lower: number
  /** Where a sample would tighten the bound most (NaN: it is tight). */
  next: number
}

/** The edge's bound on its earnings, its samples' best, and where to sample next. */
function settle(s: EdgeState): void {
  const { xs, ys, spot, rate } = s
  s.lower = 0
  for (let k = 0; k < xs.length; k++) s.lower = Math.max(s.lower, (ys[k] ?? 0) - rate * (xs[k] ?? 0))
  s.upper = s.lower
  s.next = Number.NaN
  const last = xs.length - 1
  const chord = (k: number) => ((ys[k + 1] ?? 0) - (ys[k] ?? 0)) / ((xs[k + 1] ?? 0) - (xs[k] ?? 0))
  const consider = (value: number, at: number) => {
    if (value > s.upper) {
      s.upper = value
      s.next = at
    }
  }
  for (let k = 0; k < last; k++) {
    const x0 = xs[k] ?? 0
    const x1 = xs[k + 1] ?? 0
    const y0 = ys[k] ?? 0
    const y1 = ys[k + 1] ?? 0
    const c = chord(k)
    // from the left sample at the slope of the chord before (the marginal rate there is at most that), to the
    // right sample at the slope of the chord after (at least that; 0 after the last: outputs never fall); the
    // bound peaks where the lines meet when the first is steeper than the rate and the second is not
    const a = Math.max(k === 0 ? spot : chord(k - 1), c)
    const b = Math.min(k + 1 < last ? chord(k + 1) : 0, c)
    if (a <= rate || b >= rate || a <= b) continue
    const x = (y1 - y0 - b * x1 + a * x0) / (a - b)
    if (x > x0 && x < x1) consider(Math.min(y0 + a * (x - x0), y1 - b * (x1 - x)) - rate * x, x)
  }
  const xl = xs[last] ?? 0
  if (s.reach > xl) {
    // past the last sample: along the last chord (spot from the origin); a sample halfway shows more of it
    const slope = last > 0 ? Math.max(chord(last - 1), 0) : spot
    if (slope > rate) consider((ys[last] ?? 0) + slope * (s.reach - xl) - rate * s.reach, (xl + s.reach) / 2)
  }
}

function insertSample(s: EdgeState, x: number, y: number): void {
  let k = s.xs.length
  while (k > 0 && (s.xs[k - 1] ?? 0) > x) k--
  if (s.xs[k - 1] === x) return
  s.xs.splice(k, 0, x)
  s.ys.splice(k, 0, y)
}
