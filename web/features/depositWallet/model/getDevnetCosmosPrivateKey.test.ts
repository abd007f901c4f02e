import { bytesToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { createSafeStorage } from '../../../lib/storage'
import { devnetCosmosKeyStorageKey, getDevnetCosmosPrivateKey } from './getDevnetCosmosPrivateKey'

describe('getDevnetCosmosPrivateKey', () => {
  it('creates a key once, keeps it, and replaces a corrupt one', () => {
    const storage = createSafeStorage(() => undefined)
    const first = getDevnetCosmosPrivateKey(storage)
    expect(first).toHaveLength(32)
    expect(storage.getItem(devnetCosmosKeyStorageKey)).toBe(bytesToHex(first))
    expect(getDevnetCosmosPrivateKey(storage)).toEqual(first)
    storage.setItem(devnetCosmosKeyStorageKey, '0x12')
    expect(bytesToHex(getDevnetCosmosPrivateKey(storage))).not.toBe('0x12')
  })

  it('works where the browser storage throws (kept in memory for the page)', () => {
    const storage = createSafeStorage(() => {
      throw new Error('SecurityError')
    })
    expect(getDevnetCosmosPrivateKey(storage)).toEqual(getDevnetCosmosPrivateKey(storage))
  })
})
