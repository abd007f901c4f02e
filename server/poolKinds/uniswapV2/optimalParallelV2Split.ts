import { getAmountOut } from './getAmountOut'

export interface ParallelV2Pool {
  reserveIn: bigint
  reserveOut: bigint
  feeBps: number
}

/**
 * Closed-form optimum of splitting `amountIn` across parallel constant-product pools of one pair (real-valued,
 * in double precision): with g = (10000-fee)/10000, the active pools share one marginal price l, and
 * x_i = S*sqrt(Ri*Oi/g_i) - Ri/g_i with S = (X + sum Ri/g_i) / sum sqrt(Ri*Oi/g_i); pools whose marginal price at
 * zero (g*Oi/Ri) is below l stay out. Returns the real-valued optimal output, the rounded allocation (summing
 * to amountIn) and that allocation's exact integer output. Reference for tests and the benchmark.
 */
export function optimalParallelV2Split(params: { pools: readonly ParallelV2Pool[]; amountIn: bigint }): {
  amountsIn: bigint[]
  amountOut: bigint
  amountOutReal: number
} {
  const X = Number(params.amountIn)
  const pools = params.pools.map((p, index) => {
    const g = (10_000 - p.feeBps) / 10_000
    const r = Number(p.reserveIn)
    const o = Number(p.reserveOut)
    return { index, g, r, o, marginal0: (g * o) / r, root: Math.sqrt((r * o) / g) }
  })
  const order = [...pools].sort((a, b) => b.marginal0 - a.marginal0)
  let active = order.slice(0, 1)
  let s = 0
  for (let k = 1; k <= order.length; k++) {
    const set = order.slice(0, k)
    const sk = (X + set.reduce((acc, p) => acc + p.r / p.g, 0)) / set.reduce((acc, p) => acc + p.root, 0)
    const lambda = 1 / (sk * sk)
    if (set.every((p) => sk * p.root - p.r / p.g > 0)) {
      active = set
      s = sk
    }
    const next = order[k]
    if (next === undefined || next.marginal0 <= lambda) break
  }
  const real = new Array<number>(pools.length).fill(0)
  for (const p of active) real[p.index] = s * p.root - p.r / p.g
  const amountOutReal = pools.reduce((acc, p) => {
    const x = real[p.index] ?? 0
    return acc + (p.g * x * p.o) / (p.r + p.g * x)
  }, 0)

  const amountsIn = real.map((x) => BigInt(Math.max(0, Math.floor(x))))
  const assigned = amountsIn.reduce((a, b) => a + b, 0n)
  const largest = real.indexOf(Math.max(...real))
  amountsIn[largest] = (amountsIn[largest] ?? 0n) + params.amountIn - assigned
  const amountOut = amountsIn.reduce((acc, x, i) => {
    const pool = params.pools[i]
    return x > 0n && pool ? acc + getAmountOut(x, pool.reserveIn, pool.reserveOut, pool.feeBps) : acc
  }, 0n)
  return { amountsIn, amountOut, amountOutReal }
}
