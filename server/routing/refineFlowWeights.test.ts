import { describe, expect, it } from 'vitest'
import { refineFlowWeights } from './refineFlowWeights'

describe('refineFlowWeights', () => {
  // edges 0 and 1 split token 0's outflow, edge 2 is token 1's only outflow (null without it: nothing reaches
  // the output); the net peaks where edge 0 takes 30% of token 0's outflow, less `legCost` a used split edge
  const from = [0, 0, 1]
  const netOf = (weights: readonly number[], legCost: number) => {
    const [a = 0, b = 0, c = 0] = weights
    if (c <= 0 || a + b <= 0) return null
    const share = a / (a + b)
    const legs = (a > 0 ? 1 : 0) + (b > 0 ? 1 : 0)
    return { net: Math.round(1e9 * (1 - (share - 0.3) ** 2) - legCost * legs) }
  }
  /** Refines weights 1, 1, 1 with at most `budget` evaluations: the weights, the result, each weights tried. */
  const refine = (legCost: number, budget: number) => {
    const weights = [1, 1, 1]
    const tried: number[][] = []
    const best = refineFlowWeights({
      weights,
      from,
      best: netOf(weights, legCost) ?? { net: 0 },
      evaluate: (w) => {
        tried.push([...w])
        return netOf(w, legCost)
      },
      canEvaluate: () => tried.length < budget,
    })
    return { weights, best, tried }
  }

  it('moves each split toward the best share, leaving a sole outflow at its weight', () => {
    const { weights, best, tried } = refine(0, 64)
    const share = (weights[0] ?? 0) / ((weights[0] ?? 0) + (weights[1] ?? 0))
    expect(Math.abs(share - 0.3)).toBeLessThan(0.01)
    expect(best.net).toBe(netOf(weights, 0)?.net)
    // edge 2 was only ever tried at nothing (once in each coarse pass)
    expect(tried.filter((w) => w[2] !== 1).every((w) => w[2] === 0)).toBe(true)
    expect(weights[2]).toBe(1)
  })

  it('drops an edge whose cost outweighs what its share adds', () => {
    const { weights, best } = refine(2e8, 64)
    // one leg alone at share 0 (edge 1 only) nets 1e9 * (1 - 0.09) - 2e8, above any split's 1e9 - 4e8
    expect(weights[0]).toBe(0)
    expect(best.net).toBe(710_000_000)
  })

  it('asks for each phase apart: at most two coarse passes, then the pattern search', () => {
    const weights = [1, 1, 1]
    let phase = ''
    const evaluated: string[] = []
    refineFlowWeights({
      weights,
      from,
      best: netOf(weights, 0) ?? { net: 0 },
      evaluate: (w) => {
        evaluated.push(phase)
        return netOf(w, 0)
      },
      canEvaluate: (asked) => {
        phase = asked
        return asked === 'coarse'
      },
    })
    // both passes paid (6 quotes, then 7: edge 0 at 0.75 then 0.5625, edge 1 at 1.25; edge 2 tried at nothing),
    // no third ran, and the pattern search, refused, spent none
    expect(evaluated).toEqual(Array(13).fill('coarse'))
    expect(weights).toEqual([0.5625, 1.25, 1])
  })

  it('spends no evaluation beyond what canEvaluate allows', () => {
    expect(refine(0, 5).tried).toHaveLength(5)
  })
})
