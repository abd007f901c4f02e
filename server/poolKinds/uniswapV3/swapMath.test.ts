import { describe, expect, it } from 'vitest'
import { computeSwapStep } from './swapMath'

const Q96 = 1n << 96n
const E18 = 10n ** 18n

describe('computeSwapStep', () => {
  it.each([
    // name, current, target, liquidity, remaining, fee, [next, in, out, fee]
    [
      'exact in fully spent, one for zero',
      Q96,
      Q96 * 10n,
      2n * E18,
      E18,
      600,
      [undefined, 999400000000000000n, 666399946655997866n, 600000000000000n],
    ],
    [
      'exact out fully received, one for zero',
      Q96,
      Q96 * 10n,
      2n * E18,
      -E18,
      600,
      [undefined, 2000000000000000000n, E18, 1200720432259356n],
    ],
    [
      'amount out capped at the desired amount',
      417332158212080721273783715441582n,
      1452870262520218020823638996n,
      159344665391607089467575320103n,
      -1n,
      1,
      [417332158212080721273783715441581n, 1n, 1n, 1n],
    ],
    [
      'target price of 1 uses partial input',
      2n,
      1n,
      1n,
      3915081100057732413702495386755767n,
      1,
      [1n, 39614081257132168796771975168n, 0n, 39614120871253040049813n],
    ],
    [
      'entire input taken as fee',
      2413n,
      79887613182836312n,
      1985041575832132834610021537970n,
      10n,
      1872,
      [2413n, 0n, 0n, 10n],
    ],
    [
      'insufficient liquidity zero for one exact out',
      20282409603651670423947251286016n,
      (20282409603651670423947251286016n * 11n) / 10n,
      1024n,
      -4n,
      3000,
      [(20282409603651670423947251286016n * 11n) / 10n, 26215n, 0n, 79n],
    ],
    [
      'insufficient liquidity one for zero exact out',
      20282409603651670423947251286016n,
      (20282409603651670423947251286016n * 9n) / 10n,
      1024n,
      -263000n,
      3000,
      [(20282409603651670423947251286016n * 9n) / 10n, 1n, 26214n, 1n],
    ],
  ] as const)('%s', (_name, current, target, liquidity, remaining, fee, expected) => {
    const step = computeSwapStep(current, target, liquidity, remaining, fee)
    const [next, amountIn, amountOut, feeAmount] = expected
    if (next !== undefined) expect(step.sqrtRatioNextX96).toBe(next)
    expect(step.amountIn).toBe(amountIn)
    expect(step.amountOut).toBe(amountOut)
    expect(step.feeAmount).toBe(feeAmount)
  })

  it('exact in that does not reach the target spends the whole amount', () => {
    const step = computeSwapStep(Q96, Q96 * 10n, 2n * E18, E18, 600)
    expect(step.amountIn + step.feeAmount).toBe(E18)
    expect(step.sqrtRatioNextX96 < Q96 * 10n).toBe(true)
  })
})
