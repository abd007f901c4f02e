import { describe, expect, it } from 'vitest'
import { SwapRevertError } from '../SwapRevertError'
import { divRoundingUp, MAX_UINT256, mulDiv, mulDivRoundingUp } from './fullMath'

const Q128 = 1n << 128n

describe('mulDiv', () => {
  it.each([
    ['accurate without phantom overflow', Q128, (50n * Q128) / 100n, (150n * Q128) / 100n, Q128 / 3n],
    ['accurate with phantom overflow', Q128, 35n * Q128, 8n * Q128, (4375n * Q128) / 1000n],
    ['phantom overflow, repeating decimal', Q128, 1000n * Q128, 3000n * Q128, Q128 / 3n],
    ['all max inputs', MAX_UINT256, MAX_UINT256, MAX_UINT256, MAX_UINT256],
    ['floors', 7n, 3n, 2n, 10n],
  ])('%s', (_name, a, b, d, expected) => {
    expect(mulDiv(a, b, d)).toBe(expected)
  })

  it('reverts on zero denominator and on a result above uint256', () => {
    expect(() => mulDiv(Q128, 5n, 0n)).toThrow(SwapRevertError)
    expect(() => mulDiv(Q128, Q128, 1n)).toThrow(SwapRevertError)
    expect(mulDiv(Q128, Q128 - 1n, 1n)).toBe(Q128 * (Q128 - 1n))
  })
})

describe('mulDivRoundingUp', () => {
  it.each([
    ['rounds a repeating decimal up', Q128, 1000n * Q128, 3000n * Q128, Q128 / 3n + 1n],
    ['exact stays exact', Q128, 35n * Q128, 8n * Q128, (4375n * Q128) / 1000n],
    ['small', 7n, 3n, 2n, 11n],
  ])('%s', (_name, a, b, d, expected) => {
    expect(mulDivRoundingUp(a, b, d)).toBe(expected)
  })

  it('boundary: exactly MAX passes, rounding up past MAX reverts', () => {
    expect(mulDivRoundingUp(MAX_UINT256, 1n, 1n)).toBe(MAX_UINT256)
    expect(() => mulDivRoundingUp(MAX_UINT256, MAX_UINT256, MAX_UINT256 - 1n)).toThrow(SwapRevertError)
    expect(() =>
      mulDivRoundingUp(
        535006138814359n,
        432862656469423142931042426214547535783388063929571229938474969n,
        2n,
      ),
    ).toThrow(SwapRevertError)
  })
})

describe('divRoundingUp', () => {
  it.each([
    [10n, 5n, 2n],
    [11n, 5n, 3n],
    [0n, 5n, 0n],
    [1n, 5n, 1n],
  ])('ceil(%s/%s) = %s', (x, y, expected) => {
    expect(divRoundingUp(x, y)).toBe(expected)
  })
})
