import { describe, expect, it } from 'vitest'
import { rebaseTokenLists } from './rebaseTokenLists'

describe('rebaseTokenLists', () => {
  it('keeps naming the same files from the output folder', () => {
    expect(rebaseTokenLists(['lists/a.json', '/abs/b.json'], '/ops/in', '/ops/out')).toEqual([
      '../in/lists/a.json',
      '/abs/b.json',
    ])
    expect(rebaseTokenLists(['lists/a.json'], '/ops', '/ops')).toEqual(['lists/a.json'])
    expect(rebaseTokenLists('not a list', '/a', '/b')).toBe('not a list')
  })
})
