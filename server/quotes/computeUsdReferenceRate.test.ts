import { describe, expect, it } from 'vitest'
import { computeUsdReferenceRate } from './computeUsdReferenceRate'

describe('computeUsdReferenceRate', () => {
  it('turns USD prices into base units of the output per base unit of the input', () => {
    expect(computeUsdReferenceRate({ usdIn: 3000, usdOut: 1, decimalsIn: 18, decimalsOut: 6 })).toEqual({
      num: 3000n * 10n ** 18n * 10n ** 6n,
      den: 10n ** 18n * 10n ** 18n,
    })
    expect(computeUsdReferenceRate({ usdIn: 1, usdOut: 2, decimalsIn: 6, decimalsOut: 6 })).toEqual({
      num: 5n * 10n ** 17n * 10n ** 6n,
      den: 10n ** 18n * 10n ** 6n,
    })
  })

  it.each([
    [undefined, 1],
    [1, undefined],
    [0, 1],
    [1, 0],
    [Number.NaN, 1],
    [1e-30, 1],
  ])('is undefined without two positive prices (%s, %s)', (usdIn, usdOut) => {
    expect(computeUsdReferenceRate({ usdIn, usdOut, decimalsIn: 18, decimalsOut: 6 })).toBeUndefined()
  })
})
