import { describe, expect, it } from 'vitest'
import { isGaslessAvailable } from './isGaslessAvailable'

const relayed = { flows: { gasless: true } }
const token = { isNative: false }
const native = { isNative: true }

describe('isGaslessAvailable', () => {
  it('offers a token sold on a chain with the relayer', () => {
    expect(isGaslessAvailable({ chain: relayed, from: token, to: native, side: 'in' })).toBe(true)
  })
  it('never offers the native coin as input', () => {
    expect(isGaslessAvailable({ chain: relayed, from: native, to: token, side: 'in' })).toBe(false)
  })
  it('needs the relayer on the chain', () => {
    expect(
      isGaslessAvailable({ chain: { flows: { gasless: false } }, from: token, to: token, side: 'in' }),
    ).toBe(false)
    expect(isGaslessAvailable({ chain: {}, from: token, to: token, side: 'in' })).toBe(false)
  })
  it('needs both tokens and an exact input', () => {
    expect(isGaslessAvailable({ chain: relayed, from: token, to: undefined, side: 'in' })).toBe(false)
    expect(isGaslessAvailable({ chain: relayed, from: token, to: token, side: 'out' })).toBe(false)
  })
})
