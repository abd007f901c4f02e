import { describe, expect, it } from 'vitest'
import { defaultSwapDeadline } from './singleSwapLimits'

describe('defaultSwapDeadline', () => {
  it('is 20 minutes ahead rounded up to the whole minute', () => {
    expect(defaultSwapDeadline(1_800_000_000)).toBe(1_800_001_200n)
    expect(defaultSwapDeadline(1_800_000_001)).toBe(1_800_001_260n)
    expect(defaultSwapDeadline(1_800_000_059)).toBe(1_800_001_260n)
    expect(defaultSwapDeadline(1_800_000_060)).toBe(1_800_001_260n)
  })
})
