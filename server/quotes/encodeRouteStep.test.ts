import { describe, expect, it } from 'vitest'
import { testAddress } from '../poolKinds/testPools'
import { decodeLegHops, encodeLegHops } from './buildSwapCalldata'
import { decodeRouteStep, encodeRouteStep, isRouteStepData } from './encodeRouteStep'

const step = {
  kind: 0,
  factoryId: 2,
  tokenIn: testAddress(1),
  tokenOut: testAddress(2),
  fee: 30,
  share: 7n * 10n ** 17n,
}

describe('encodeRouteStep', () => {
  it('round-trips a step and tells it from a leg', () => {
    const data = encodeRouteStep(step)
    expect(isRouteStepData(data)).toBe(true)
    expect(decodeRouteStep(data)).toEqual(step)
    const { share: _, ...hop } = step
    expect(isRouteStepData(encodeLegHops([hop]))).toBe(false)
  })

  it('encodes again from its memo only what equals in every field', () => {
    const { share: _, ...hop } = step
    const variants = [
      step,
      { ...step, share: step.share + 1n },
      { ...step, fee: 31 },
      { ...step, factoryId: 3 },
      { ...step, kind: 1 },
      { ...step, tokenOut: testAddress(3) },
    ]
    for (const variant of variants) {
      expect(decodeRouteStep(encodeRouteStep(variant))).toEqual(variant)
      expect(decodeRouteStep(encodeRouteStep(variant))).toEqual(variant)
    }
    const legs = [
      [hop],
      [hop, { ...hop, tokenIn: testAddress(2), tokenOut: testAddress(3) }],
      [{ ...hop, fee: 5 }],
    ]
    for (const leg of legs) {
      expect(decodeLegHops(encodeLegHops(leg))).toEqual(leg)
      expect(decodeLegHops(encodeLegHops(leg))).toEqual(leg)
    }
  })

  it('refuses a malformed step', () => {
    expect(() => decodeRouteStep(`${encodeRouteStep(step).slice(0, 100)}` as `0x${string}`)).toThrow(
      'not a valid encoded route step',
    )
  })
})
