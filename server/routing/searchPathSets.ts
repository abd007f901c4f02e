import { allocateOverCurves } from './allocateOverCurves'
import { curveGasCost, type ObjectiveCurve } from './sampleObjectiveCurve'

export interface SearchPathSetsParams {
  /** One curve per candidate path; null where the path cannot execute. */
  curves: readonly (ObjectiveCurve | null)[]
  /** Pool ids of a candidate; the paths of one set never share a pool. */
  poolIdsOf: (candidate: number) => readonly number[]
  /** Amount to distribute, in base units as a float. */
  total: number
  maxLegs: number
  /** Whether gas is priced (then sets also lose legs whose gas outweighs their gain). */
  gasPriced: boolean
  /** Cap on set evaluations (each is one allocation over the set's curves). Default 4000. */
  maxEvaluations?: number
  /** Local searches started, from the best single paths. Default 3. */
  starts?: number
  /** Sets that lost members in an exchange and are refilled greedily, per step. Default 6. */
  refills?: number
  /** Best sets returned. Default 2. */
  keep?: number
}

export interface PathSet {
  /** Candidate indexes, ascending, each with an amount > 0. */
  readonly members: readonly number[]
  /** Amount per member (float, summing to the total). */
  readonly amounts: readonly number[]
  /** The model's objective net of each leg's gas. */
  readonly net: number
}

export interface PathSetSearch {
  /** The best sets found, best first (at least one when any candidate can take the total alone or split). */
  readonly sets: readonly PathSet[]
  /** Set evaluations spent (the solver's work). */
  readonly evaluations: number
}

/**
 * Chooses which pool-disjoint paths a split uses, on the paths' concave models. Each set is valued at its
 * optimal allocation (`allocateOverCurves`) net of its legs' gas. Steepest-ascent local search from the best
 * single paths (or, when none takes the total alone, from the best average rates that together can) over three moves: add a path, exchange a path for a conflicting alternative (every member sharing
 * a pool with it leaves), drop a path; at `maxLegs` also replace one member. The best few exchanges that shrink the set are refilled
 * greedily with compatible paths, so exchanges of two legs for two others are found. Stops at a local optimum or after
 * `maxEvaluations`, keeping the best sets seen, so a leg is never locked to the pools it started with.
 */
export function searchPathSets(params: SearchPathSetsParams): PathSetSearch {
  const { curves, poolIdsOf, total, maxLegs, gasPriced } = params
  const maxEvaluations = params.maxEvaluations ?? 4000
  const usable: number[] = []
  for (let i = 0; i < curves.length; i++) if (curves[i]) usable.push(i)

  const conflicts = new Map<number, Set<number>>()
  const byPool = new Map<number, number[]>()
  for (const i of usable) {
    conflicts.set(i, new Set())
    for (const id of poolIdsOf(i)) {
      const list = byPool.get(id) ?? []
      for (const j of list) {
        conflicts.get(i)?.add(j)
        conflicts.get(j)?.add(i)
      }
      list.push(i)
      byPool.set(id, list)
    }
  }

  // a set's key, built on every visit: one character a member (candidates number a few hundred)
  const keyOf = (members: readonly number[]) => {
    if (curves.length >= 65_536) return members.join(',')
    if (members.length === 1) return String.fromCharCode(members[0] ?? 0)
    if (members.length === 2) return String.fromCharCode(members[0] ?? 0, members[1] ?? 0)
    return String.fromCharCode(...members)
  }
  const seen = new Map<string, PathSet | null>()
  let evaluations = 0
  // the members of the set being looked up, sorted in place, and their curves (a new set copies what it keeps)
  const scratch: number[] = []
  const setCurves: ObjectiveCurve[] = []
  const evaluate = (members: readonly number[]): PathSet | null => {
    scratch.length = 0
    for (const m of members) scratch.push(m)
    sortInPlace(scratch)
    const key = keyOf(scratch)
    const memo = seen.get(key)
    if (memo !== undefined) return memo
    evaluations++
    setCurves.length = 0
    for (const i of scratch) {
      const curve = curves[i]
      if (curve) setCurves.push(curve)
    }
    const allocation = setCurves.length === scratch.length ? allocateOverCurves(setCurves, total) : null
    let result: PathSet | null = null
    if (allocation) {
      const kept: number[] = []
      const amounts: number[] = []
      let net = allocation.value
      for (let k = 0; k < scratch.length; k++) {
        const amount = allocation.amounts[k] ?? 0
        const member = scratch[k]
        const curve = setCurves[k]
        if (amount <= 0 || member === undefined || curve === undefined) continue
        kept.push(member)
        amounts.push(amount)
        net -= curveGasCost(curve, amount)
      }
      result = { members: kept, amounts, net }
    }
    seen.set(key, result)
    return result
  }

  const singles = usable
    .map((i) => evaluate([i]))
    .filter((s): s is PathSet => s !== null)
    .sort((a, b) => b.net - a.net)

  /**
   * Visits each neighbour of a set (in one list, reused: `visit` must not keep it) until `visit` answers false:
   * each candidate added, less the members it shares a pool with; at `maxLegs` it in place of each member; and
   * with gas priced, each member dropped.
   */
  const forEachNeighbour = (members: readonly number[], visit: (set: readonly number[]) => boolean): void => {
    const set: number[] = []
    for (const c of usable) {
      if (members.includes(c)) continue
      const clash = conflicts.get(c)
      set.length = 0
      for (const m of members) if (!clash?.has(m)) set.push(m)
      if (set.length < maxLegs) {
        set.push(c)
        if (!visit(set)) return
      } else if (set.length === members.length) {
        for (const dropped of members) {
          set.length = 0
          for (const m of members) if (m !== dropped) set.push(m)
          set.push(c)
          if (!visit(set)) return
        }
      }
    }
    if (gasPriced && members.length > 1) {
      for (const dropped of members) {
        set.length = 0
        for (const m of members) if (m !== dropped) set.push(m)
        if (!visit(set)) return
      }
    }
  }

  /** Whether candidate c shares a pool with any of `members`. */
  const clashes = (c: number, members: readonly number[]): boolean => {
    const clash = conflicts.get(c)
    if (!clash) return false
    for (const m of members) if (clash.has(m)) return true
    return false
  }
  const isBetter = (a: PathSet | null, b: PathSet): a is PathSet =>
    a !== null && a.net > b.net + Math.abs(b.net) * 1e-12
  // Refills a set that an exchange emptied: adds the best compatible path while that helps.
  const complete = (from: PathSet): PathSet => {
    let current = from
    while (current.members.length < maxLegs && evaluations < maxEvaluations) {
      const members = current.members
      // the set with one more path, its last place taken by each compatible candidate in turn
      const trial = [...members, -1]
      let best = current
      for (const c of usable) {
        if (members.includes(c) || clashes(c, members)) continue
        trial[members.length] = c
        const s = evaluate(trial)
        if (isBetter(s, best)) best = s
      }
      if (best === current) break
      current = best
    }
    return current
  }

  const starts: PathSet[] = singles.slice(0, params.starts ?? 3)
  if (starts.length === 0) {
    // No path takes the total alone: start from the highest average rates that together can.
    const byRate = [...usable].sort((a, b) => averageRate(curves[b]) - averageRate(curves[a]))
    const members: number[] = []
    let capacity = 0
    for (const c of byRate) {
      if (members.length >= maxLegs || capacity >= total) break
      if (members.some((m) => conflicts.get(c)?.has(m))) continue
      members.push(c)
      capacity += curves[c]?.capacity ?? 0
    }
    const start = evaluate(members)
    if (start) starts.push(start)
  }

  for (const start of starts) {
    let current = start
    while (evaluations < maxEvaluations) {
      let best = current
      const shrunk: PathSet[] = []
      const size = current.members.length
      forEachNeighbour(current.members, (members) => {
        if (evaluations >= maxEvaluations) return false
        const s = evaluate(members)
        if (isBetter(s, best)) best = s
        if (s && s.members.length < size) shrunk.push(s)
        return true
      })
      // Exchanges that cost more than one member pay only once the freed pools are used again: refill the
      // most promising few (2-for-2 exchanges and the like).
      shrunk.sort((a, b) => b.net - a.net)
      for (const s of shrunk.slice(0, params.refills ?? 6)) {
        const refilled = complete(s)
        if (isBetter(refilled, best)) best = refilled
      }
      if (best === current) break
      current = best
    }
  }

  // the best few distinct sets (a set's members once its zero legs are dropped), ties in the order first seen
  const keep = params.keep ?? 2
  const distinct = new Map<string, PathSet>()
  for (const s of seen.values()) if (s) distinct.set(keyOf(s.members), s)
  const sets: PathSet[] = []
  for (const s of distinct.values()) {
    let at = sets.length
    while (at > 0 && (sets[at - 1]?.net ?? 0) < s.net) at--
    if (at < keep) sets.splice(at, 0, s)
    if (sets.length > keep) sets.pop()
  }
  return { sets, evaluations }
}

/** Sorts a few numbers ascending in place (an insertion sort: sets have a few members, and sort allocates). */
function sortInPlace(values: number[]): void {
  for (let i = 1; i < values.length; i++) {
    const value = values[i] ?? 0
    let j = i - 1
    while (j >= 0 && (values[j] ?? 0) > value) {
      values[j + 1] = values[j] ?? 0
      j--
    }
    values[j + 1] = value
  }
}

function averageRate(curve: ObjectiveCurve | null | undefined): number {
  return curve && curve.capacity > 0 ? curve.valueAtCapacity / curve.capacity : Number.NEGATIVE_INFINITY
}
