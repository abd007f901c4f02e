import { describe, expect, test } from 'vitest'
import { selectHostOrigin } from './selectHostOrigin'

const a = 'https://a.example'
const b = 'https://b.example'

describe('selectHostOrigin', () => {
  test('the reported parent when it is allowed, nothing when it is not', () => {
    expect(selectHostOrigin({ hostOrigins: [a, b], ancestorOrigin: b, referrer: '' })).toBe(b)
    expect(selectHostOrigin({ hostOrigins: [a], ancestorOrigin: b, referrer: '' })).toBeUndefined()
    expect(selectHostOrigin({ hostOrigins: [a, b], ancestorOrigin: undefined, referrer: `${a}/page` })).toBe(
      a,
    )
  })

  test('a single allowed origin without a report; nothing allowed means no host', () => {
    expect(selectHostOrigin({ hostOrigins: [a], ancestorOrigin: undefined, referrer: '' })).toBe(a)
    expect(selectHostOrigin({ hostOrigins: [a, b], ancestorOrigin: undefined, referrer: '' })).toBeUndefined()
    expect(selectHostOrigin({ hostOrigins: [], ancestorOrigin: a, referrer: '' })).toBeUndefined()
  })
})
