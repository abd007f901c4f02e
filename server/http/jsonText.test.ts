import { describe, expect, it } from 'vitest'
import { appendJsonFields, joinJsonArray, toJsonText } from './jsonText'

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
})
