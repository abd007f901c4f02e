import { describe, expect, it } from 'vitest'
import { decodeJsonBytes, type JsonText } from '../http/jsonText'
import { createAnswerRing, createAnswerRingWriter } from './answerRing'

const text = (s: string) => s as JsonText<unknown>

/** A ring of `size` bytes with its writer, as the two threads hold them. */
function ringOf(size: number) {
  const ring = createAnswerRing(size)
  return { ring, writer: createAnswerRingWriter(ring.memory) }
}

describe('answer ring', () => {
  it('lends each answer where the writer put it, in order, back to back', () => {
    const { ring, writer } = ringOf(64)
    const a = writer.write(text('{"a":1}'))
    const b = writer.write(text('[2,3]'))
    expect(a).toEqual({ offset: 0, length: 7, end: 7 })
    expect(b).toEqual({ offset: 7, length: 5, end: 12 })
    if (!a || !b) throw new Error('no room')
    expect(decodeJsonBytes(ring.lend(a).bytes)).toBe('{"a":1}')
    expect(decodeJsonBytes(ring.lend(b).bytes)).toBe('[2,3]')
  })

  it('never writes over an answer before it is released, nor past the oldest one still lent', () => {
    const { ring, writer } = ringOf(32)
    const first = writer.write(text('a'.repeat(12)))
    const second = writer.write(text('b'.repeat(12)))
    if (!first || !second) throw new Error('no room')
    const lentFirst = ring.lend(first)
    const lentSecond = ring.lend(second)
    // 8 bytes left: a 9-byte answer waits (its caller sends it in a buffer of its own)
    expect(writer.write(text('c'.repeat(9)))).toBeUndefined()
    // the second released first frees nothing: the first is still being written to its socket
    lentSecond.release()
    expect(writer.write(text('c'.repeat(9)))).toBeUndefined()
    expect(decodeJsonBytes(lentFirst.bytes)).toBe('a'.repeat(12))
    lentFirst.release()
    // both free now: the 9 bytes do not fit before the end (8 left), so they start over at 0
    expect(writer.write(text('c'.repeat(9)))).toEqual({ offset: 0, length: 9, end: 41 })
    expect(decodeJsonBytes(lentFirst.bytes)).toBe(`${'c'.repeat(9)}${'a'.repeat(3)}`)
    expect(decodeJsonBytes(lentSecond.bytes)).toBe('b'.repeat(12))
  })

  it('skips the end of the ring only when the answer fits after it, and releasing twice changes nothing', () => {
    const { ring, writer } = ringOf(16)
    const first = writer.write(text('x'.repeat(10)))
    if (!first) throw new Error('no room')
    const lent = ring.lend(first)
    // 6 bytes before the end, 0 free after it until the first is released
    expect(writer.write(text('y'.repeat(7)))).toBeUndefined()
    lent.release()
    lent.release()
    const wrapped = writer.write(text('y'.repeat(7)))
    expect(wrapped).toEqual({ offset: 0, length: 7, end: 23 })
    if (!wrapped) throw new Error('no room')
    const lentWrapped = ring.lend(wrapped)
    // 16 - (23 - 10) = 3 bytes free, 7..9: the skipped 10..15 count as the wrapped answer's until it is released
    expect(writer.write(text('z'.repeat(4)))).toBeUndefined()
    expect(writer.write(text('z'.repeat(3)))).toEqual({ offset: 7, length: 3, end: 26 })
    expect(decodeJsonBytes(lentWrapped.bytes)).toBe('y'.repeat(7))
  })

  it('writes UTF-8 of non-ASCII text, or nothing when its bytes do not fit', () => {
    const { ring, writer } = ringOf(16)
    const region = writer.write(text('"Ωmega€"'))
    expect(region).toEqual({ offset: 0, length: 11, end: 11 })
    if (!region) throw new Error('no room')
    expect(decodeJsonBytes(ring.lend(region).bytes)).toBe('"Ωmega€"')
    // 5 bytes left: 4 UTF-16 units that take 8 bytes do not fit, and claim nothing
    expect(writer.write(text('"€€"'))).toBeUndefined()
    expect(writer.write(text('"ab'))).toEqual({ offset: 11, length: 3, end: 14 })
  })

  it('refuses a size that is not a power of two', () => {
    expect(() => createAnswerRing(48)).toThrow('not a power of two')
  })
})
