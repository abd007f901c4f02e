import { describe, expect, it } from 'vitest'
import { createLruMap } from './createLruMap'

describe('createLruMap', () => {
  it('drops the least recently used entry beyond its bound', () => {
    const lru = createLruMap<string, number>(2)
    lru.set('a', 1)
    lru.set('b', 2)
    expect(lru.get('a')).toBe(1)
    lru.set('c', 3)
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2])
  })

  it('keeps its size at the bound however many keys are written, and overwrites in place', () => {
    const lru = createLruMap<number, number>(100)
    for (let i = 0; i < 10_000; i++) lru.set(i, i * 2)
    lru.set(9_999, 7)
    expect([lru.size, lru.get(9_900), lru.get(9_899), lru.get(9_999)]).toEqual([100, 19_800, undefined, 7])
  })
})
