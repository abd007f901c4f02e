import { describe, expect, it } from 'vitest'
import type { TokenTag } from '../chains/deployment'
import { computeRecommendedSlippage } from './computeRecommendedSlippage'

describe('computeRecommendedSlippage', () => {
  it.each<[string, TokenTag[], TokenTag[], number, number]>([
    ['two stables', ['stable'], ['stable'], 0, 0.1],
    ['a major and a stable with 1% impact', ['major'], ['stable'], 0.01, 0.6],
    ['native (no tags) and a stable', [], ['stable'], 0, 0.5],
    ['a long-tail token', ['major'], ['long-tail'], 0.002, 1.02],
    ['impact counts at most 2 points', ['long-tail'], ['stable'], 0.5, 3],
    ['a negative impact adds nothing', ['major'], ['stable'], -0.01, 0.5],
    [
      'a 5% transfer tax adds nothing (quotes are net of it)',
      ['long-tail', 'fee-on-transfer'],
      ['stable'],
      0,
      1,
    ],
  ])('%s', (_name, tagsIn, tagsOut, priceImpact, percent) => {
    expect(computeRecommendedSlippage({ tagsIn, tagsOut, priceImpact })).toBe(percent)
  })
})
