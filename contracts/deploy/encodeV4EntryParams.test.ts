import { describe, expect, it } from 'vitest'
import { encodeV4EntryParams } from './encodeV4EntryParams'

describe('encodeV4EntryParams', () => {
  it('packs the spacing in the low bits and native at bit 24', () => {
    expect(encodeV4EntryParams({ tickSpacing: 60, native: false })).toBe(`0x${'0'.repeat(62)}3c`)
    expect(encodeV4EntryParams({ tickSpacing: 1, native: true })).toBe(`0x${'0'.repeat(56)}01000001`)
    expect(encodeV4EntryParams({ tickSpacing: 32767, native: false })).toBe(`0x${'0'.repeat(60)}7fff`)
  })

  it('refuses spacings V4 does not allow', () => {
    expect(() => encodeV4EntryParams({ tickSpacing: 0, native: false })).toThrow('outside 1..32767')
    expect(() => encodeV4EntryParams({ tickSpacing: 32768, native: false })).toThrow('outside 1..32767')
  })
})
