import { describe, expect, it } from 'vitest'
import { createRecentValue } from './createRecentValue'

describe('createRecentValue', () => {
  it('loads once for callers within the age, shares a running load, and reloads after it', async () => {
    let clock = 1_000
    let loads = 0
    const recent = createRecentValue(
      async () => ++loads,
      500,
      () => clock,
    )
    expect(await Promise.all([recent.get(), recent.get()])).toEqual([1, 1])
    clock = 1_499
    expect(await recent.get()).toBe(1)
    clock = 1_500
    expect(await recent.get()).toBe(2)
    expect(loads).toBe(2)
  })

  it('keeps no failed load: the next call tries again', async () => {
    let fail = true
    const recent = createRecentValue(async () => {
      if (fail) throw new Error('down')
      return 'up'
    }, 60_000)
    await expect(recent.get()).rejects.toThrow('down')
    fail = false
    expect(await recent.get()).toBe('up')
  })
})
