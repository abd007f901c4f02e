/** What `refineFlowWeights` needs of a flow's evaluation: its net output. */
export interface FlowEvaluation {
  readonly net: number
}

/** The largest move of the pattern search, as a share of a weight. */
const MAX_STEP = 0.25
/** The pattern search's first move, as a share of a weight. */
const FIRST_STEP = 1 / 16
/** A move below this share of a weight is not tried. */
const MIN_STEP = 1 / 4096
/** Most coarse passes before the pattern search (a pass costs up to three evaluations an edge). */
const COARSE_PASSES = 2

/**
 * Refines a flow's edge weights (each token's outflow splits in proportion to its edges' weights) against an
 * evaluation (exact, or to within a millionth), keeping only what pays: first coarse passes while any pays,
 * COARSE_PASSES at most (each edge given no weight, or a quarter more or less), then a pattern search in which
 * each edge moves by its own step, doubled (to a quarter at most) after a move that pays and halved after one that
 * does not either way, its next move in the direction that paid last. An edge that is its token's only outflow is
 * only tried at nothing: its weight sets no share. Stops when `canEvaluate` says so (asked for each phase: a
 * caller may budget them apart) or no step is left. `weights` is changed in place; returns the best evaluation.
 */
export function refineFlowWeights<T extends FlowEvaluation>(params: {
  weights: number[]
  /** Each edge's input token. */
  from: readonly number[]
  /** The evaluation of `weights` as given. */
  best: T
  /** The evaluation of weights, null where they do not execute. */
  evaluate: (weights: readonly number[]) => T | null
  /** Whether another evaluation may be spent, in the coarse passes or in the pattern search. */
  canEvaluate: (phase: 'coarse' | 'pattern') => boolean
}): T {
  const { weights, from, evaluate } = params
  let best = params.best
  /** Edge e at weight w, kept when it pays. */
  const trial = (e: number, w: number): boolean => {
    const kept = weights[e] ?? 0
    weights[e] = w
    const result = evaluate(weights)
    if (result && result.net > best.net) {
      best = result
      return true
    }
    weights[e] = kept
    return false
  }
  const splits = (e: number) => {
    for (let k = 0; k < weights.length; k++)
      if (k !== e && from[k] === from[e] && (weights[k] ?? 0) > 0) return true
    return false
  }
  const coarse = () => params.canEvaluate('coarse')
  for (let pass = 0, improved = true; improved && pass < COARSE_PASSES && coarse(); pass++) {
    improved = false
    for (let e = 0; e < weights.length && coarse(); e++) {
      const w = weights[e] ?? 0
      if (w <= 0) continue
      for (const factor of splits(e) ? [0, 1 + MAX_STEP, 1 - MAX_STEP] : [0]) {
        if (!coarse()) break
        if (trial(e, w * factor)) {
          improved = true
          break
        }
      }
    }
  }
  const pattern = () => params.canEvaluate('pattern')
  const steps = weights.map(() => FIRST_STEP)
  const towards = weights.map(() => 1)
  for (let moving = true; moving && pattern(); ) {
    moving = false
    for (let e = 0; e < weights.length && pattern(); e++) {
      const w = weights[e] ?? 0
      const step = steps[e] ?? 0
      if (w <= 0 || step < MIN_STEP || !splits(e)) continue
      moving = true
      const way = towards[e] ?? 1
      if (trial(e, w * (1 + way * step))) steps[e] = Math.min(step * 2, MAX_STEP)
      else if (pattern() && trial(e, w * (1 - way * step))) {
        towards[e] = -way
        steps[e] = Math.min(step * 2, MAX_STEP)
      } else steps[e] = step / 2
    }
  }
  return best
}
