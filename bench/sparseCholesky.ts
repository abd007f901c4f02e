/*
 * Cholesky solves of a sparse symmetric positive definite matrix whose sparsity pattern is fixed while its values
 * change (the dual's Hessian in bench/flowOptimumBound.ts: one entry per pair of tokens sharing a pool, solved
 * once per Newton step). The pattern is analysed once (`analyzeSparsePattern`): an elimination order by minimum
 * degree (long-tail tokens first, hubs last, so eliminating a token links only the few hubs it trades with) and
 * the pattern of the factor L, fill included. Each solve (`sparseCholeskySolve`) then factors M = L Lᵀ column by
 * column over that pattern alone (left-looking) and substitutes forward and back: work in the factor's nonzeros
 * instead of n³/6.
 */

/** The pattern of a symmetric n x n matrix, analysed for its factor. */
export interface SparsePattern {
  readonly n: number
  /** Elimination order: order[k] is the row/column of the matrix eliminated k-th. */
  readonly order: Int32Array
  /** Off-diagonal entries of L (columns in elimination order), column k at colStart[k] .. colStart[k + 1]. */
  readonly colStart: Int32Array
  /** Row (elimination position) of each entry of L, ascending within a column. */
  readonly rows: Int32Array
  /** The entries of L in row k (L[k][j], j < k), ascending in j, at rowStart[k] .. rowStart[k + 1]. */
  readonly rowStart: Int32Array
  readonly rowEntries: Int32Array
  /** The column of each entry of L. */
  readonly colOf: Int32Array
  /** Where each off-diagonal entry of the matrix (as passed to the analysis) lies in L. */
  readonly slotOf: Int32Array
}

/**
 * Analyses the pattern of a symmetric n x n matrix with a nonzero diagonal and the off-diagonal entries `pairs`
 * ([i, j], i ≠ j, each pair once in either order). Minimum degree: each step eliminates the row with the fewest
 * neighbours in the graph left, whose neighbours become a clique (the fill). Ties go to the highest index
 * (flowOptimumBound numbers its tokens breadth-first from tokenOut: among equals, the one farthest out first).
 */
export function analyzeSparsePattern(
  n: number,
  pairs: readonly (readonly [number, number])[],
): SparsePattern {
  const neighbours = Array.from({ length: n }, () => new Set<number>())
  for (const [i, j] of pairs) {
    if (i === j || i < 0 || j < 0 || i >= n || j >= n) throw new Error(`bad off-diagonal entry [${i}, ${j}]`)
    neighbours[i]?.add(j)
    neighbours[j]?.add(i)
  }
  const order = new Int32Array(n)
  const position = new Int32Array(n).fill(-1)
  const columns: number[][] = []
  for (let k = 0; k < n; k++) {
    let pick = -1
    let fewest = Number.POSITIVE_INFINITY
    for (let v = n - 1; v >= 0; v--) {
      const degree = position[v] === -1 ? (neighbours[v]?.size ?? 0) : Number.POSITIVE_INFINITY
      if (degree < fewest) {
        fewest = degree
        pick = v
      }
    }
    order[k] = pick
    position[pick] = k
    const clique = [...(neighbours[pick] ?? [])]
    for (const a of clique) {
      const linked = neighbours[a]
      if (!linked) continue
      linked.delete(pick)
      for (const b of clique) if (b !== a) linked.add(b)
    }
    columns.push(clique)
  }
  // the factor's column k: the neighbours of order[k] when it was eliminated, all eliminated later
  const colStart = new Int32Array(n + 1)
  for (let k = 0; k < n; k++) colStart[k + 1] = (colStart[k] ?? 0) + (columns[k]?.length ?? 0)
  const size = colStart[n] ?? 0
  const rows = new Int32Array(size)
  const colOf = new Int32Array(size)
  const rowCount = new Int32Array(n)
  for (let k = 0; k < n; k++) {
    const sorted = (columns[k] ?? []).map((v) => position[v] ?? 0).sort((a, b) => a - b)
    for (const [i, row] of sorted.entries()) {
      const p = (colStart[k] ?? 0) + i
      rows[p] = row
      colOf[p] = k
      rowCount[row] = (rowCount[row] ?? 0) + 1
    }
  }
  const rowStart = new Int32Array(n + 1)
  for (let k = 0; k < n; k++) rowStart[k + 1] = (rowStart[k] ?? 0) + (rowCount[k] ?? 0)
  const rowEntries = new Int32Array(size)
  const filled = rowStart.slice(0, n)
  // columns in ascending order, so each row's entries come ascending in their column
  for (let p = 0; p < size; p++) {
    const row = rows[p] ?? 0
    rowEntries[filled[row] ?? 0] = p
    filled[row] = (filled[row] ?? 0) + 1
  }
  const slotOf = new Int32Array(pairs.length)
  for (const [e, [i, j]] of pairs.entries()) {
    const pi = position[i] ?? 0
    const pj = position[j] ?? 0
    const [row, col] = pi > pj ? [pi, pj] : [pj, pi]
    let p = colStart[col] ?? 0
    while (rows[p] !== row) p++
    slotOf[e] = p
  }
  return { n, order, colStart, rows, rowStart, rowEntries, colOf, slotOf }
}

/**
 * Solves M y = b for the symmetric positive definite M with diagonal `diagonal` (indexed as the matrix) and the
 * off-diagonal entries `offDiagonal` (one per pair of the analysis, in its order). Undefined when a pivot is not
 * above 1e-14 (M not positive definite in floats; for M scaled to a unit diagonal, as the Newton step's is).
 */
export function sparseCholeskySolve(
  pattern: SparsePattern,
  diagonal: ArrayLike<number>,
  offDiagonal: ArrayLike<number>,
  b: ArrayLike<number>,
): Float64Array | undefined {
  const { n, order, colStart, rows, rowStart, rowEntries, colOf, slotOf } = pattern
  const values = new Float64Array(rows.length)
  for (let e = 0; e < slotOf.length; e++) values[slotOf[e] ?? 0] = offDiagonal[e] ?? 0
  const pivots = new Float64Array(n)
  const work = new Float64Array(n)
  // left-looking: column k of L from M's column k less what the columns before it took
  for (let k = 0; k < n; k++) {
    const start = colStart[k] ?? 0
    const end = colStart[k + 1] ?? 0
    for (let p = start; p < end; p++) work[rows[p] ?? 0] = values[p] ?? 0
    let pivot = diagonal[order[k] ?? 0] ?? 0
    for (let r = rowStart[k] ?? 0; r < (rowStart[k + 1] ?? 0); r++) {
      // L[k][j]: the rest of column j (rows below k) lies in column k's pattern
      const p = rowEntries[r] ?? 0
      const lkj = values[p] ?? 0
      pivot -= lkj * lkj
      const columnEnd = colStart[(colOf[p] ?? 0) + 1] ?? 0
      for (let q = p + 1; q < columnEnd; q++) {
        const row = rows[q] ?? 0
        work[row] = (work[row] ?? 0) - (values[q] ?? 0) * lkj
      }
    }
    if (!(pivot > 1e-14)) return undefined
    const lkk = Math.sqrt(pivot)
    pivots[k] = lkk
    for (let p = start; p < end; p++) {
      const row = rows[p] ?? 0
      values[p] = (work[row] ?? 0) / lkk
      work[row] = 0
    }
  }
  // L z = P b, then Lᵀ x = z; y = Pᵀ x
  const x = new Float64Array(n)
  for (let k = 0; k < n; k++) x[k] = b[order[k] ?? 0] ?? 0
  for (let k = 0; k < n; k++) {
    const zk = (x[k] ?? 0) / (pivots[k] ?? 1)
    x[k] = zk
    for (let p = colStart[k] ?? 0; p < (colStart[k + 1] ?? 0); p++) {
      const row = rows[p] ?? 0
      x[row] = (x[row] ?? 0) - (values[p] ?? 0) * zk
    }
  }
  for (let k = n - 1; k >= 0; k--) {
    let s = x[k] ?? 0
    for (let p = colStart[k] ?? 0; p < (colStart[k + 1] ?? 0); p++)
      s -= (values[p] ?? 0) * (x[rows[p] ?? 0] ?? 0)
    x[k] = s / (pivots[k] ?? 1)
  }
  const y = new Float64Array(n)
  for (let k = 0; k < n; k++) y[order[k] ?? 0] = x[k] ?? 0
  return y
}
