import { type Address, getAddress } from 'viem'
import type { PoolState } from '../server/routing/types'
import { type DualPoolDirection, dualPoolDirections } from './dualPoolDirections'
import { type DualFlowEdge, type RepairedStep, repairDualFlow } from './repairDualFlow'
import { analyzeSparsePattern, type SparsePattern, sparseCholeskySolve } from './sparseCholesky'

/*
 * The reference of `bench:quote` for split-and-merge flows, independent of the router's search: a bracket
 * [feasible, bound] around the optimum output of ANY flow of an exact-input trade over every pool of a snapshot
 * (flows split and merge at every token, any number of hops, through any token; pool capacity shared).
 *
 * bound: the Lagrange dual of the convex routing problem (Diamandis et al. 2023): for token prices ν >= 0 with
 * ν[tokenOut] = 1,
 *   g(ν) = ν[tokenIn] * amountIn + Σ_pool directions max_trade (ν[out] * received - ν[in] * paid)
 * is at least the optimum (weak duality), whatever ν is. Each pool's best trade at a price ratio is solved in
 * closed form over its exact curve in floats (bench/dualPoolDirections.ts). g is convex and continuously
 * differentiable: its gradient is each token's excess supply, its Hessian a sum of one rank-one term per active
 * pool direction from the closed-form derivative of the pool's response. It is minimised by damped Newton
 * (Levenberg-Marquardt on the diagonal, a Jacobi-scaled Cholesky solve, a backtracking Armijo line search): the
 * problem is badly conditioned (prices of tokens 20 orders of magnitude apart, curvatures many more) and its
 * Hessian changes where pools switch on, which stalls coordinate descent (the former solver here hit its
 * 400-sweep cap hundreds of bp above the optimum) while Newton's steps are invariant to the scaling and converge
 * in tens of iterations. The Hessian couples only the two tokens of each pool: it is assembled sparsely and each
 * step solved by a sparse Cholesky in a fill-reducing order (bench/sparseCholesky.ts; a dense n x n solve took
 * minutes a case over a large market's ~1,800 tokens).
 *
 * feasible: the dual's flows at the best prices, repaired into a conserving flow and valued with each pool
 * kind's exact simulator (bench/repairDualFlow.ts). The optimum lies in [feasible, bound]; `gapBp` is the
 * bracket's width.
 */

export interface FlowOptimumBound {
  /** Upper bound on the gross output of any flow, in tokenOut base units. */
  bound: number
  /** Exact gross output of the repaired flow: a lower bound on the optimum. */
  feasible: bigint
  /** (bound − feasible) / bound, in bp. */
  gapBp: number
  /** The gap reached `targetGapBp`. */
  converged: boolean
  /** Newton iterations run. */
  iterations: number
  /** Pools of the snapshot in the problem. */
  pools: number
  /** The repaired flow: its pools in execution order, and the most pools on one path. */
  route: {
    steps: (Omit<RepairedStep, 'from' | 'to'> & { tokenIn: Address; tokenOut: Address })[]
    hops: number
  }
}

interface Evaluation {
  value: number
  gradient: Float64Array
  /** The Hessian, sparse: its diagonal, and one entry per pair of variables sharing a pool (`pairs`' order). */
  diagonal: Float64Array
  offDiagonal: Float64Array
  responses: { paid: number; received: number }[]
}

/**
 * The bracket for selling `amountIn` of `tokenIn` for `tokenOut` over `pools` (V2 pairs and V3 pools; pools
 * touching a token in `excludedTokens`, e.g. fee-on-transfer tokens, are left out). Null when tokenOut is not
 * reachable. Stops at `targetGapBp` (default 0.001) or after `maxIterations` (default 100).
 */
export function flowOptimumBound(params: {
  pools: readonly PoolState[]
  tokenIn: Address
  tokenOut: Address
  amountIn: bigint
  excludedTokens?: readonly Address[]
  targetGapBp?: number
  maxIterations?: number
}): FlowOptimumBound | null {
  const excluded = new Set((params.excludedTokens ?? []).map((t) => getAddress(t)))
  const tokens: Address[] = []
  const index = new Map<Address, number>()
  const id = (token: Address) => {
    const key = getAddress(token)
    const known = index.get(key)
    if (known !== undefined) return known
    index.set(key, tokens.length)
    tokens.push(key)
    return tokens.length - 1
  }
  const tokenIn = id(params.tokenIn)
  const tokenOut = id(params.tokenOut)
  const all: { direction: DualPoolDirection; from: number; to: number }[] = []
  const mids: { a: number; b: number; rate: number }[] = []
  let poolCount = 0
  for (const pool of params.pools) {
    if (excluded.has(getAddress(pool.token0)) || excluded.has(getAddress(pool.token1))) continue
    const t0 = id(pool.token0)
    const t1 = id(pool.token1)
    poolCount++
    const { directions, midRate } = dualPoolDirections(pool)
    for (const direction of directions) {
      all.push({ direction, from: direction.zeroForOne ? t0 : t1, to: direction.zeroForOne ? t1 : t0 })
    }
    if (midRate > 0 && Number.isFinite(midRate)) mids.push({ a: t0, b: t1, rate: midRate })
  }
  const count = tokens.length
  // each token's mid rates, in the pools' order
  const midsOf = Array.from({ length: count }, (): (typeof mids)[number][] => [])
  for (const m of mids) {
    midsOf[m.a]?.push(m)
    if (m.b !== m.a) midsOf[m.b]?.push(m)
  }
  const total = Number(params.amountIn)
  // starting prices: mid prices along a breadth-first walk from tokenOut
  const prices = Array.from({ length: count }, () => 0)
  prices[tokenOut] = 1
  const queue = [tokenOut]
  for (let i = 0; i < queue.length; i++) {
    const t = queue[i] ?? 0
    for (const m of midsOf[t] ?? []) {
      // rate: b per a, so ν[a] = rate * ν[b]
      const [other, value] = m.a === t ? [m.b, (prices[t] ?? 0) / m.rate] : [m.a, (prices[t] ?? 0) * m.rate]
      if ((prices[other] ?? 0) > 0 || !(value > 0) || !Number.isFinite(value)) continue
      prices[other] = value
      queue.push(other)
    }
  }
  if ((prices[tokenIn] ?? 0) <= 0 || tokenIn === tokenOut) return null
  const reached = new Set(queue)
  const live = all.filter((d) => reached.has(d.from) && reached.has(d.to))
  // the variables: every reached token but tokenOut
  const vars = queue.filter((t) => t !== tokenOut)
  const varOf = new Map(vars.map((t, i) => [t, i]))
  const n = vars.length
  // each direction's variables (-1: tokenOut, whose price is fixed) and its Hessian entry between them: one per
  // pair of variables sharing a pool, [larger, smaller], the fixed pattern of the sparse solve
  const pairs: [number, number][] = []
  const pairOf = new Map<number, number>()
  const terms = live.map((d) => {
    const a = varOf.get(d.from) ?? -1
    const b = varOf.get(d.to) ?? -1
    if (a < 0 || b < 0) return { a, b, pair: -1 }
    const key = Math.max(a, b) * n + Math.min(a, b)
    let pair = pairOf.get(key)
    if (pair === undefined) {
      pair = pairs.length
      pairOf.set(key, pair)
      pairs.push([Math.max(a, b), Math.min(a, b)])
    }
    return { a, b, pair }
  })
  const pattern = analyzeSparsePattern(n, pairs)

  const evaluate = (nu: readonly number[]): Evaluation => {
    let value = (nu[tokenIn] ?? 0) * total
    const gradient = new Float64Array(n)
    const diagonal = new Float64Array(n)
    const offDiagonal = new Float64Array(pairs.length)
    const inVar = varOf.get(tokenIn)
    if (inVar !== undefined) gradient[inVar] = total
    const responses = live.map((d, i) => {
      const pa = nu[d.from] ?? 0
      const pb = nu[d.to] ?? 1
      const r = pa / pb
      const res = d.direction.respond(r)
      if (res.paid === 0) return res
      value += pb * res.profit
      const { a, b, pair } = terms[i] ?? { a: -1, b: -1, pair: -1 }
      const c = -res.dPaid / pb
      if (a >= 0) {
        gradient[a] = (gradient[a] ?? 0) - res.paid
        diagonal[a] = (diagonal[a] ?? 0) + c
      }
      if (b >= 0) {
        gradient[b] = (gradient[b] ?? 0) + res.received
        diagonal[b] = (diagonal[b] ?? 0) + c * r * r
      }
      if (pair >= 0) offDiagonal[pair] = (offDiagonal[pair] ?? 0) - c * r
      return res
    })
    return { value, gradient, diagonal, offDiagonal, responses }
  }

  const feasibleAt = (e: Evaluation, nu: readonly number[]) => {
    const edges: DualFlowEdge[] = []
    for (const [i, d] of live.entries()) {
      const value = (e.responses[i]?.paid ?? 0) * (nu[d.from] ?? 0)
      if (value > 0)
        edges.push({
          pool: d.direction.pool,
          zeroForOne: d.direction.zeroForOne,
          from: d.from,
          to: d.to,
          value,
        })
    }
    return repairDualFlow({ tokenCount: count, tokenIn, tokenOut, amountIn: params.amountIn, edges })
  }

  const targetGap = (params.targetGapBp ?? 0.001) / 10_000
  const maxIterations = params.maxIterations ?? 100
  let current = evaluate(prices)
  let bound = current.value
  let best = feasibleAt(current, prices)
  let lambda = 1e-6
  let iterations = 0
  const gapOf = () => (bound - Number(best.amountOut)) / bound
  while (iterations < maxIterations && gapOf() > targetGap) {
    iterations++
    const step = newtonStep(current, vars, prices, lambda, pairs, pattern)
    let accepted: { nu: number[]; e: Evaluation; t: number } | undefined
    if (step) {
      const slope = step.reduce((s, x, i) => s + x * (current.gradient[i] ?? 0), 0)
      // keep every price positive: at most a 90% fall per step
      let t = 1
      for (const [i, x] of step.entries()) {
        const p = prices[vars[i] ?? 0] ?? 0
        if (x < 0) t = Math.min(t, (0.9 * p) / -x)
      }
      for (let k = 0; k < 50 && slope < 0; k++, t /= 2) {
        const nu = [...prices]
        for (const [i, x] of step.entries()) {
          const v = vars[i] ?? 0
          nu[v] = (nu[v] ?? 0) + t * x
        }
        const e = evaluate(nu)
        if (e.value <= current.value + 1e-4 * t * slope) {
          accepted = { nu, e, t }
          break
        }
      }
    }
    if (!accepted) {
      if (lambda >= 1e12) break
      lambda *= 100
      continue
    }
    lambda = accepted.t === 1 ? Math.max(1e-12, lambda / 10) : lambda * 10
    for (const [i, p] of accepted.nu.entries()) prices[i] = p
    current = accepted.e
    if (current.value < bound) bound = current.value
    const repaired = feasibleAt(current, prices)
    if (repaired.amountOut > best.amountOut) best = repaired
  }
  const gap = gapOf()
  return {
    bound,
    feasible: best.amountOut,
    gapBp: gap * 10_000,
    converged: gap <= targetGap,
    iterations,
    pools: poolCount,
    route: {
      steps: best.steps.map(({ from, to, ...s }) => ({
        ...s,
        tokenIn: tokens[from] ?? params.tokenIn,
        tokenOut: tokens[to] ?? params.tokenOut,
      })),
      hops: best.hops,
    },
  }
}

/**
 * The damped Newton step on the variables' prices: (H + λ·diag(H)) δ = −∇g, each diagonal at least 2|∇g_i|/ν_i
 * (a token whose pools are all idle moves its price by at most about half a step), solved by a sparse Cholesky
 * (bench/sparseCholesky.ts, over `pattern`, the analysis of `pairs`) on the Jacobi-scaled matrix. Undefined where
 * the matrix is not positive definite in floats.
 */
function newtonStep(
  e: Evaluation,
  vars: readonly number[],
  prices: readonly number[],
  lambda: number,
  pairs: readonly (readonly [number, number])[],
  pattern: SparsePattern,
): Float64Array | undefined {
  const diag = vars.map((t, i) => {
    const h = e.diagonal[i] ?? 0
    const floor = (2 * Math.abs(e.gradient[i] ?? 0)) / (prices[t] ?? 1)
    return Math.max(h * (1 + lambda), floor, Number.MIN_VALUE)
  })
  const scale = diag.map((d) => 1 / Math.sqrt(d))
  // M = S (H + damping) S with unit diagonal; solve M y = −S ∇g, δ = S y
  const unit = new Float64Array(vars.length).fill(1)
  const m = pairs.map(([i, j], p) => (e.offDiagonal[p] ?? 0) * (scale[i] ?? 0) * (scale[j] ?? 0))
  const rhs = e.gradient.map((g, i) => -g * (scale[i] ?? 0))
  const y = sparseCholeskySolve(pattern, unit, m, rhs)
  return y?.map((v, i) => v * (scale[i] ?? 0))
}
