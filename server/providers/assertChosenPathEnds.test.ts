import { describe, expect, it } from 'vitest'
import { AppError } from '../errors'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import { STEP_SHARE_ONE } from '../routing/quoteRouteSteps'
import { assertChosenPathEnds } from './assertChosenPathEnds'

const A = testAddress(1)
const B = testAddress(2)
const C = testAddress(3)
const ab = makeV2Pool({ id: 1, tokenA: A, tokenB: B, reserveA: 10n ** 21n, reserveB: 10n ** 21n })
const bc = makeV2Pool({ id: 2, tokenA: B, tokenB: C, reserveA: 10n ** 21n, reserveB: 10n ** 21n })
const path = {
  plan: [
    { pool: ab, tokenIn: A, tokenOut: B, share: STEP_SHARE_ONE },
    { pool: bc, tokenIn: B, tokenOut: C, share: STEP_SHARE_ONE },
  ],
  param: 'srcQuoteTxData',
}

/** The AppError `assertChosenPathEnds` throws, as [code, message, details]; null when it passes. */
function refusal(chosen: typeof path, tokenIn: `0x${string}`, tokenOut: `0x${string}`) {
  try {
    assertChosenPathEnds(chosen, tokenIn, tokenOut)
    return null
  } catch (error: unknown) {
    if (!(error instanceof AppError)) throw error
    return [error.code, error.message, error.details]
  }
}

describe('assertChosenPathEnds', () => {
  it('passes a path from what the side holds to what it pays', () => {
    expect(refusal(path, A, C)).toBeNull()
  })

  it.each([
    ['another input', B, C, `srcQuoteTxData is a swap from ${A} to ${C}: this side swaps ${B} to ${C}`],
    ['another output', A, B, `srcQuoteTxData is a swap from ${A} to ${C}: this side swaps ${A} to ${B}`],
  ])('refuses %s, naming the parameter', (_name, tokenIn, tokenOut, message) => {
    expect(refusal(path, tokenIn, tokenOut)).toEqual([
      'INVALID_PARAMS',
      message,
      { param: 'srcQuoteTxData', tokenIn, tokenOut },
    ])
  })

  it('refuses an empty path', () => {
    expect(refusal({ plan: [], param: 'dstQuoteTxData' }, A, C)).toEqual([
      'INVALID_PARAMS',
      `dstQuoteTxData is a swap from nothing to nothing: this side swaps ${A} to ${C}`,
      { param: 'dstQuoteTxData', tokenIn: A, tokenOut: C },
    ])
  })
})
