/**
 * Factors the n x n row-major `matrix` in place by Gaussian elimination with partial pivoting: its upper
 * triangle becomes U, each eliminated entry the multiplier that eliminated it, `pivots[col]` the row swapped
 * into row col (rows are swapped from column col on, so each multiplier stays where it was used). False when
 * the matrix is singular.
 */
export function factorLinear(matrix: Float64Array, pivots: Int32Array, n: number): boolean {
  const m = matrix
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(m[row * n + col] ?? 0) > Math.abs(m[pivot * n + col] ?? 0)) pivot = row
    }
    const p = m[pivot * n + col] ?? 0
    if (!(Math.abs(p) > 0) || !Number.isFinite(p)) return false
    pivots[col] = pivot
    if (pivot !== col) {
      for (let k = col; k < n; k++) {
        const tmp = m[col * n + k] ?? 0
        m[col * n + k] = m[pivot * n + k] ?? 0
        m[pivot * n + k] = tmp
      }
    }
    for (let row = col + 1; row < n; row++) {
      const factor = (m[row * n + col] ?? 0) / p
      m[row * n + col] = factor
      if (factor === 0) continue
      for (let k = col + 1; k < n; k++)
        m[row * n + k] = (m[row * n + k] ?? 0) - factor * (m[col * n + k] ?? 0)
    }
  }
  return true
}

/**
 * Solves `factored` x = `rhs` for a matrix `factorLinear` factored (the same steps in the same order as the
 * elimination, so any right-hand side costs n^2, not a factoring); null when the solution is not finite.
 */
export function solveFactored(
  factored: Float64Array,
  pivots: Int32Array,
  rhs: Float64Array,
  n: number,
): Float64Array | null {
  const m = factored
  const b = rhs.slice()
  for (let col = 0; col < n; col++) {
    const pivot = pivots[col] ?? col
    if (pivot !== col) {
      const tmp = b[col] ?? 0
      b[col] = b[pivot] ?? 0
      b[pivot] = tmp
    }
    for (let row = col + 1; row < n; row++) {
      const factor = m[row * n + col] ?? 0
      if (factor === 0) continue
      b[row] = (b[row] ?? 0) - factor * (b[col] ?? 0)
    }
  }
  const x = new Float64Array(n)
  for (let row = n - 1; row >= 0; row--) {
    let sum = b[row] ?? 0
    for (let k = row + 1; k < n; k++) sum -= (m[row * n + k] ?? 0) * (x[k] ?? 0)
    const value = sum / (m[row * n + row] ?? 1)
    if (!Number.isFinite(value)) return null
    x[row] = value
  }
  return x
}
