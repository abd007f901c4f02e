import { describe, expect, it } from 'vitest'
import { SwapRevertError } from '../SwapRevertError'
import { MAX_UINT256 } from './fullMath'
import {
  getAmount0Delta,
  getAmount1Delta,
  getNextSqrtPriceFromInput,
  getNextSqrtPriceFromOutput,
} from './sqrtPriceMath'

const Q96 = 1n << 96n
const E18 = 10n ** 18n
// encodePriceSqrt(121, 100): sqrt(1.21) = 1.1 exactly.
const PRICE_1_21 = (Q96 * 11n) / 10n

describe('getNextSqrtPriceFromInput', () => {
  it.each([
    ['0.1 token1 in', Q96, E18, E18 / 10n, false, 87150978765690771352898345369n],
    ['0.1 token0 in', Q96, E18, E18 / 10n, true, 72025602285694852357767227579n],
    ['amountIn > uint96 max, zeroForOne', Q96, 10n * E18, 1n << 100n, true, 624999999995069620n],
    ['can return 1 with enough amountIn', Q96, 1n, MAX_UINT256 / 2n, true, 1n],
    ['input cannot underflow the price', 1n, 1n, 1n << 255n, true, 1n],
    ['zero input keeps the price', Q96, E18 / 10n, 0n, true, Q96],
    [
      'sqrtP * sqrtQ overflows',
      1025574284609383690408304870162715216695788925244n,
      50015962439936049619261659728067971248n,
      406n,
      true,
      1025574284609383582644711336373707553698163132913n,
    ],
  ])('%s', (_name, price, liquidity, amount, zeroForOne, expected) => {
    expect(getNextSqrtPriceFromInput(price, liquidity, amount, zeroForOne)).toBe(expected)
  })

  it('reverts on zero price, zero liquidity, and price overflow', () => {
    expect(() => getNextSqrtPriceFromInput(0n, 1n, 1n, false)).toThrow(SwapRevertError)
    expect(() => getNextSqrtPriceFromInput(1n, 0n, 1n, true)).toThrow(SwapRevertError)
    expect(() => getNextSqrtPriceFromInput((1n << 160n) - 1n, 1024n, 1024n, false)).toThrow(SwapRevertError)
  })
})

describe('getNextSqrtPriceFromOutput', () => {
  const price = 20282409603651670423947251286016n
  it.each([
    ['0.1 token1 out', Q96, E18, E18 / 10n, false, 88031291682515930659493278152n],
    ['0.1 token0 out', Q96, E18, E18 / 10n, true, 71305346262837903834189555302n],
  ])('%s', (_name, p, liquidity, amount, zeroForOne, expected) => {
    expect(getNextSqrtPriceFromOutput(p, liquidity, amount, zeroForOne)).toBe(expected)
  })

  it('boundary: reserves of token0 are 4 (3 passes, 4 reverts); token1 beyond reserves reverts', () => {
    expect(getNextSqrtPriceFromOutput(price, 1024n, 3n, false) > price).toBe(true)
    expect(() => getNextSqrtPriceFromOutput(price, 1024n, 4n, false)).toThrow(SwapRevertError)
    expect(getNextSqrtPriceFromOutput(price, 1024n, 262143n, true)).toBe(77371252455336267181195264n)
    expect(() => getNextSqrtPriceFromOutput(price, 1024n, 262144n, true)).toThrow(SwapRevertError)
    expect(() => getNextSqrtPriceFromOutput(Q96, 1n, MAX_UINT256, true)).toThrow(SwapRevertError)
  })
})

describe('getAmount0Delta / getAmount1Delta', () => {
  it('price 1 -> 1.21 with liquidity 1e18: rounding up and down differ by one', () => {
    expect(getAmount0Delta(PRICE_1_21, Q96, E18, true)).toBe(90909090909090910n)
    expect(getAmount0Delta(PRICE_1_21, Q96, E18, false)).toBe(90909090909090909n)
    expect(getAmount1Delta(Q96, PRICE_1_21, E18, true)).toBe(100000000000000000n)
    expect(getAmount1Delta(Q96, PRICE_1_21, E18, false)).toBe(99999999999999999n)
  })

  it('zero liquidity or equal prices give 0; order of prices does not matter', () => {
    expect(getAmount0Delta(PRICE_1_21, Q96, 0n, true)).toBe(0n)
    expect(getAmount1Delta(Q96, Q96, E18, true)).toBe(0n)
    expect(getAmount1Delta(PRICE_1_21, Q96, E18, true)).toBe(getAmount1Delta(Q96, PRICE_1_21, E18, true))
  })

  it('swap computation: 406 token0 moves the price to the value that needs exactly 406', () => {
    const sqrtP = 1025574284609383690408304870162715216695788925244n
    const sqrtQ = 1025574284609383582644711336373707553698163132913n
    expect(getAmount0Delta(sqrtP, sqrtQ, 50015962439936049619261659728067971248n, true)).toBe(406n)
  })
})
