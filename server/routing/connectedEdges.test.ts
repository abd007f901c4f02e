import { describe, expect, it } from 'vitest'
import { connectedEdges } from './connectedEdges'

describe('connectedEdges', () => {
  it('keeps only the usable edges on a path from token 0 to the last token', () => {
    // 0 -> 1 -> 4 (1 -> 4 unusable: token 1 is a dead end), 0 -> 2 -> 4, 3 -> 4 (3 unreachable), 0 -> 4
    const edges = [
      { from: 0, to: 1 },
      { from: 1, to: 4 },
      { from: 0, to: 2 },
      { from: 2, to: 4 },
      { from: 3, to: 4 },
      { from: 0, to: 4 },
    ]
    expect(connectedEdges(edges, 5, [true, false, true, true, true, true])).toEqual([
      false,
      false,
      true,
      true,
      false,
      true,
    ])
  })

  it('follows chains in any listing order of the edges', () => {
    const edges = [
      { from: 2, to: 3 },
      { from: 1, to: 2 },
      { from: 0, to: 1 },
    ]
    expect(connectedEdges(edges, 4, [true, true, true])).toEqual([true, true, true])
    expect(connectedEdges(edges, 4, [true, false, true])).toEqual([false, false, false])
  })
})
