import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  appendJsonFields,
  decodeJsonBytes,
  encodeJsonText,
  joinJsonArray,
  respondJsonText,
  toJsonText,
} from './jsonText'

describe('jsonText', () => {
  it("appends an object's fields as JSON.stringify writes the spread", () => {
    const quote = { a: '1', nested: { b: [1, 2] }, c: null }
    const estimate = { estimateGas: '21000', insufficientFunds: false }
    expect(appendJsonFields(toJsonText(quote), toJsonText(estimate))).toBe(
      JSON.stringify({ ...quote, ...estimate }),
    )
    expect(appendJsonFields(toJsonText(quote), toJsonText({}))).toBe(JSON.stringify(quote))
    expect(appendJsonFields(toJsonText({}), toJsonText(estimate))).toBe(JSON.stringify(estimate))
  })

  it('joins texts into the JSON array of their values', () => {
    expect(joinJsonArray([toJsonText({ a: 1 }), toJsonText({ a: 2 })])).toBe(
      JSON.stringify([{ a: 1 }, { a: 2 }]),
    )
    expect(joinJsonArray([])).toBe('[]')
  })

  it('encodes a text in UTF-8 in a buffer of its own, and decodes it back', () => {
    const text = toJsonText({ name: 'Café €', amount: '12' })
    const bytes = encodeJsonText(text)
    expect([...bytes.subarray(9, 16)]).toEqual([0x43, 0x61, 0x66, 0xc3, 0xa9, 0x20, 0xe2])
    expect(bytes.byteLength).toBe(text.length + 3)
    // the whole buffer is the text's: it can be transferred to another thread as it is
    expect(bytes.byteOffset).toBe(0)
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength)
    expect(decodeJsonBytes(bytes)).toBe(text)
  })

  it('answers text and bytes alike: 200, JSON, the exact body', async () => {
    const value = [{ name: 'Café €', amount: '12' }]
    const app = new Hono()
      .get('/text', (c) => respondJsonText(c, toJsonText(value)))
      .get('/bytes', (c) => respondJsonText(c, encodeJsonText(toJsonText(value))))
    for (const path of ['/text', '/bytes']) {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(await res.text()).toBe('[{"name":"Café €","amount":"12"}]')
    }
  })
})
