import { describe, expect, it } from 'vitest'
import { formatElapsed } from './formatElapsed'

describe('formatElapsed', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [1_000, '0:01'],
    [6_800, '0:06'],
    [59_999, '0:59'],
    [60_000, '1:00'],
    [65_000, '1:05'],
    [4_500_000, '75:00'],
    [-5_000, '0:00'],
  ])('%d ms -> %s', (elapsedMs, expected) => {
    expect(formatElapsed(elapsedMs)).toBe(expected)
  })
})
