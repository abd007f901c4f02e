import { describe, expect, it } from 'vitest'
import { computeComposeGas } from './computeComposeGas'

describe('computeComposeGas', () => {
  it("is the composer's base gas plus 200,000 per swap step", () => {
    expect(computeComposeGas(0)).toBe(300_000n)
    expect(computeComposeGas(1)).toBe(500_000n)
    expect(computeComposeGas(3)).toBe(900_000n)
  })
})
