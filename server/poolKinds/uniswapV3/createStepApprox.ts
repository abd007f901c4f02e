/** A full constant-liquidity step of a concentrated pool's swap table, as the exact quoters build it. */
export interface SwapTableStep {
  readonly sqrtStart: bigint
  readonly liquidity: bigint
  /** Input (fee included) and output from the pool's price to this step's end. */
  readonly cumIn: bigint
  readonly cumOut: bigint
  /** Initialized ticks crossed before this step. */
  readonly crossed: number
}

const Q96_FLOAT = 2 ** 96

/**
 * A concentrated pool's exact-input output in floating point off its swap table: the steps before the input
 * runs out whole, the last one by the constant-liquidity formula of SwapMath in real numbers. `steps` grows by
 * `extend()` (false once the pool has no more), as the exact quoter's table does; each step's figures are
 * converted to floats once. The function returns null when the pool cannot take the input and sets
 * `crossed.ticks` to the initialized ticks crossed.
 */
export function createStepApprox(params: {
  steps: readonly SwapTableStep[]
  extend: () => boolean
  feePips: number
  zeroForOne: boolean
}): (amountIn: number, crossed?: { ticks: number }) => number | null {
  const { steps, extend, zeroForOne } = params
  const cumIn: number[] = []
  const cumOut: number[] = []
  const liquidity: number[] = []
  const sqrtStart: number[] = []
  const netShare = (1_000_000 - params.feePips) / 1_000_000
  return (amountIn, crossed) => {
    if (!(amountIn > 0)) return null
    while ((cumIn[cumIn.length - 1] ?? 0) < amountIn) {
      if (cumIn.length === steps.length && !extend()) break
      for (let k = cumIn.length; k < steps.length; k++) {
        const step = steps[k]
        cumIn.push(Number(step?.cumIn ?? 0n))
        cumOut.push(Number(step?.cumOut ?? 0n))
        liquidity.push(Number(step?.liquidity ?? 0n))
        sqrtStart.push(Number(step?.sqrtStart ?? 0n) / Q96_FLOAT)
      }
    }
    const count = cumIn.length
    if (count === 0 || (cumIn[count - 1] ?? 0) < amountIn) return null
    let lo = 0
    let hi = count - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((cumIn[mid] ?? 0) < amountIn) lo = mid + 1
      else hi = mid
    }
    if (crossed) crossed.ticks = steps[lo - 1]?.crossed ?? 0
    const baseOut = cumOut[lo - 1] ?? 0
    const l = liquidity[lo] ?? 0
    if (l === 0) return baseOut
    const net = (amountIn - (cumIn[lo - 1] ?? 0)) * netShare
    const s0 = sqrtStart[lo] ?? 0
    const out = zeroForOne ? (l * net * s0 * s0) / (l + net * s0) : net / (s0 * (s0 + net / l))
    return Math.min(baseOut + out, cumOut[lo] ?? 0)
  }
}
