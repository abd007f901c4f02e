import { describe, expect, it } from 'vitest'
import { routeDualPrices } from './routeDualPrices'

describe('routeDualPrices', () => {
  it('prices each token at its best direction toward the output, over as many passes as the paths are long', () => {
    const onRoute = [false, false, false, false, false]
    // token 2 is the output; 0 -> 1 -> 2 (2 x 3) beats 0 -> 2 (5); the edge order needs a second pass for token 0
    const edges = [
      { from: 1, to: 2 },
      { from: 0, to: 1 },
      { from: 0, to: 2 },
      { from: 1, to: 0 },
      { from: 2, to: 0 },
    ]
    expect(routeDualPrices(edges, 3, [3, 2, 5, 0.1, 7], onRoute)).toEqual([6, 3, 1])
  })

  it('prices a token the route trades out of by the route directions alone', () => {
    // the route is 0 -> 2 at its marginal rate 4; the path through 1 would pay 6 at spot rates
    const edges = [
      { from: 1, to: 2 },
      { from: 0, to: 1 },
      { from: 0, to: 2 },
    ]
    expect(routeDualPrices(edges, 3, [3, 2, 4], [false, false, true])).toEqual([4, 3, 1])
  })

  it('leaves a token with no direction toward the output at 0, and stops on a cycle that gains', () => {
    // 0 <-> 1 gains 4 a turn: the passes end at one per token (4)
    const edges = [
      { from: 0, to: 1 },
      { from: 1, to: 0 },
      { from: 1, to: 3 },
    ]
    expect(routeDualPrices(edges, 4, [2, 2, 2], [false, false, false])).toEqual([256, 128, 0, 1])
  })
})
