import { describe, expect, it } from 'vitest'
import { createRecentMisses } from './createRecentMisses'

describe('createRecentMisses', () => {
  it('remembers a miss for exactly ttlMs, case-insensitively', () => {
    let nowMs = 1_000
    const misses = createRecentMisses({ ttlMs: 30_000, maxEntries: 10, now: () => nowMs })
    misses.add('0xABCDEF')
    nowMs = 30_999
    expect(misses.has('0xabcdef')).toBe(true)
    nowMs = 31_000
    expect(misses.has('0xabcdef')).toBe(false)
    expect(misses.size).toBe(0)
  })

  it('keeps at most maxEntries, dropping the least recently added', () => {
    const misses = createRecentMisses({ ttlMs: 30_000, maxEntries: 2, now: () => 0 })
    misses.add('a')
    misses.add('b')
    misses.add('a')
    misses.add('c')
    expect([misses.has('a'), misses.has('b'), misses.has('c'), misses.size]).toEqual([true, false, true, 2])
  })
})
