import { describe, expect, it } from 'vitest'
import { decodeHistoryCursor } from './decodeHistoryCursor'
import { encodeHistoryCursor } from './encodeHistoryCursor'

const id = '00000000-0000-4000-8000-000000000004'

describe('history cursors', () => {
  it('round-trip a time and an id through an opaque base64url string', () => {
    const cursor = encodeHistoryCursor({ atMs: 1_767_348_000_000, id })
    expect(cursor).toBe(Buffer.from(`1767348000000.${id}`).toString('base64url'))
    expect(decodeHistoryCursor(cursor)).toEqual({ atMs: 1_767_348_000_000, id })
    expect(decodeHistoryCursor(encodeHistoryCursor({ atMs: 0, id }))).toEqual({ atMs: 0, id })
  })

  it.each([
    ['empty', ''],
    ['not base64url', 'abc+/='],
    ['no id', Buffer.from('1767348000000').toString('base64url')],
    ['an upper-case id', Buffer.from(`1.${id.toUpperCase().replace('4000', 'A000')}`).toString('base64url')],
    ['a negative time', Buffer.from(`-1.${id}`).toString('base64url')],
    ['a time past the last date', Buffer.from(`8640000000000001.${id}`).toString('base64url')],
    ['trailing text', Buffer.from(`1.${id}x`).toString('base64url')],
    ['too long', 'A'.repeat(97)],
  ])('refuse %s', (_name, value) => {
    expect(decodeHistoryCursor(value)).toBeUndefined()
  })

  it('accepts the last date itself', () => {
    expect(decodeHistoryCursor(Buffer.from(`8640000000000000.${id}`).toString('base64url'))).toEqual({
      atMs: 8.64e15,
      id,
    })
  })
})
