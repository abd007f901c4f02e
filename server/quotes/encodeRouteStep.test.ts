import { describe, expect, it } from 'vitest'
import { testAddress } from '../poolKinds/testPools'
import { encodeLegHops } from './buildSwapCalldata'
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

  it('refuses a malformed step', () => {
    expect(() => decodeRouteStep(`${encodeRouteStep(step).slice(0, 100)}` as `0x${string}`)).toThrow(
      'not a valid encoded route step',
    )
  })
})
