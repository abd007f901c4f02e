import { describe, expect, it } from 'vitest'
import { analyzeSparsePattern, sparseCholeskySolve } from './sparseCholesky'

/** The dense reference: Cholesky of the full matrix in its own order, forward and back substitution. */
function denseSolve(m: readonly (readonly number[])[], b: readonly number[]): number[] | undefined {
  const n = b.length
  const l = Array.from({ length: n }, () => Array.from({ length: n }, () => 0))
  for (let i = 0; i < n; i++) {
    const li = l[i] ?? []
    for (let j = 0; j <= i; j++) {
      const lj = l[j] ?? []
      let s = m[i]?.[j] ?? 0
      for (let k = 0; k < j; k++) s -= (li[k] ?? 0) * (lj[k] ?? 0)
      if (i === j) {
        if (!(s > 1e-14)) return undefined
        li[i] = Math.sqrt(s)
      } else li[j] = s / (lj[j] ?? 1)
    }
  }
  const y = [...b]
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < i; k++) y[i] = (y[i] ?? 0) - (l[i]?.[k] ?? 0) * (y[k] ?? 0)
    y[i] = (y[i] ?? 0) / (l[i]?.[i] ?? 1)
  }
  for (let i = n - 1; i >= 0; i--) {
    for (let k = i + 1; k < n; k++) y[i] = (y[i] ?? 0) - (l[k]?.[i] ?? 0) * (y[k] ?? 0)
    y[i] = (y[i] ?? 0) / (l[i]?.[i] ?? 1)
  }
  return y
}

/** A sparse symmetric matrix: its diagonal, its off-diagonal pairs and their values, and the same matrix dense. */
function matrix(n: number, diagonal: readonly number[], entries: readonly [number, number, number][]) {
  const dense = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (i === j ? diagonal[i] : 0)),
  )
  for (const [i, j, v] of entries) {
    const rowI = dense[i]
    const rowJ = dense[j]
    if (rowI) rowI[j] = v
    if (rowJ) rowJ[i] = v
  }
  return {
    pairs: entries.map(([i, j]) => [i, j] as const),
    offDiagonal: entries.map(([, , v]) => v),
    dense: dense as number[][],
  }
}

/** Seeded uniform numbers in [0, 1). */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state / 4_294_967_296
  }
}

/**
 * The dense solve of the same system in the pattern's elimination order (rows and columns permuted, the answer
 * permuted back): the sparse factor skips only products with a zero and otherwise does the same operations in
 * the same order, so the answers agree to the last bit.
 */
function denseInOrder(order: ArrayLike<number>, m: readonly (readonly number[])[], b: readonly number[]) {
  const at = Array.from(order)
  const permuted = at.map((i) => at.map((j) => m[i]?.[j] ?? 0))
  const x = denseSolve(
    permuted,
    at.map((i) => b[i] ?? 0),
  )
  if (!x) return undefined
  const y = Array.from({ length: b.length }, () => 0)
  for (const [k, i] of at.entries()) y[i] = x[k] ?? 0
  return y
}

/** Also close to the dense solve in the matrix's own order (rounding apart). */
function expectClose(actual: ArrayLike<number> | undefined, expected: readonly number[] | undefined) {
  expect(actual).toBeDefined()
  expect(expected).toBeDefined()
  const scale = Math.max(...(expected ?? []).map(Math.abs))
  for (const [i, x] of (expected ?? []).entries())
    expect(Math.abs((actual?.[i] ?? 0) - x)).toBeLessThan(1e-12 * scale)
}

describe('sparseCholeskySolve', () => {
  it('solves a tridiagonal matrix exactly as the dense solve in the same order (no fill)', () => {
    // a path 0-1-2-3: minimum degree takes an end each time (ties to the highest index)
    const { pairs, offDiagonal, dense } = matrix(
      4,
      [4, 5, 6, 7],
      [
        [0, 1, 1],
        [1, 2, -2],
        [2, 3, 0.5],
      ],
    )
    const pattern = analyzeSparsePattern(4, pairs)
    expect([...pattern.order]).toEqual([3, 2, 1, 0])
    expect(pattern.rows.length).toBe(3)
    const b = [1, -2, 3, 0.25]
    const y = sparseCholeskySolve(pattern, [4, 5, 6, 7], offDiagonal, b)
    expect([...(y ?? [])]).toEqual(denseInOrder(pattern.order, dense, b))
    expectClose(y, denseSolve(dense, b))
  })

  it('eliminates the long tail before its hubs, so a star factors without fill', () => {
    // hub 0 trades with every other row; leaves 1..5
    const entries = [1, 2, 3, 4, 5].map((leaf) => [0, leaf, 0.1 * leaf] as [number, number, number])
    const diagonal = [10, 1, 2, 3, 4, 5]
    const { pairs, offDiagonal, dense } = matrix(6, diagonal, entries)
    const pattern = analyzeSparsePattern(6, pairs)
    expect([...pattern.order]).toEqual([5, 4, 3, 2, 1, 0])
    expect(pattern.rows.length).toBe(5)
    const b = [1, 2, 3, 4, 5, 6]
    const y = sparseCholeskySolve(pattern, diagonal, offDiagonal, b)
    expect([...(y ?? [])]).toEqual(denseInOrder(pattern.order, dense, b))
    expectClose(y, denseSolve(dense, b))
  })

  it('matches the dense solve on random sparse positive definite matrices (fill included)', () => {
    const next = random(7)
    for (const n of [1, 2, 5, 12, 40]) {
      const entries: [number, number, number][] = []
      const seen = new Set<string>()
      for (let e = 0; e < 2 * n; e++) {
        const i = Math.floor(next() * n)
        const j = Math.floor(next() * n)
        if (i === j || seen.has(`${Math.min(i, j)},${Math.max(i, j)}`)) continue
        seen.add(`${Math.min(i, j)},${Math.max(i, j)}`)
        entries.push([i, j, next() * 2 - 1])
      }
      // diagonally dominant: positive definite
      const diagonal = Array.from({ length: n }, (_, i) =>
        entries.reduce((s, [a, c, v]) => (a === i || c === i ? s + Math.abs(v) : s), 0.5 + next()),
      )
      const { pairs, offDiagonal, dense } = matrix(n, diagonal, entries)
      const pattern = analyzeSparsePattern(n, pairs)
      const b = Array.from({ length: n }, () => next() * 10 - 5)
      const y = sparseCholeskySolve(pattern, diagonal, offDiagonal, b)
      expect([...(y ?? [])]).toEqual(denseInOrder(pattern.order, dense, b))
      expectClose(y, denseSolve(dense, b))
    }
  })

  it('factors a new matrix of the same pattern, and an entry of zero as well', () => {
    const { pairs, dense } = matrix(
      3,
      [2, 2, 2],
      [
        [0, 2, 1],
        [1, 2, 1],
      ],
    )
    const pattern = analyzeSparsePattern(3, pairs)
    const b = [1, 1, 1]
    expect([...(sparseCholeskySolve(pattern, [2, 2, 2], [1, 1], b) ?? [])]).toEqual(
      denseInOrder(pattern.order, dense, b),
    )
    const other = matrix(
      3,
      [3, 1, 2],
      [
        [0, 2, 0],
        [1, 2, -0.5],
      ],
    )
    expect([...(sparseCholeskySolve(pattern, [3, 1, 2], [0, -0.5], b) ?? [])]).toEqual(
      denseInOrder(pattern.order, other.dense, b),
    )
  })

  it('refuses a matrix that is not positive definite', () => {
    const { pairs } = matrix(2, [1, 1], [[0, 1, 2]])
    const pattern = analyzeSparsePattern(2, pairs)
    expect(sparseCholeskySolve(pattern, [1, 1], [2], [1, 1])).toBeUndefined()
    expect(sparseCholeskySolve(pattern, [1, 0], [0], [1, 1])).toBeUndefined()
  })
})
