import { bytesToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { createSafeStorage } from '../../../lib/storage'
import { devnetUtxoKeyStorageKey, getDevnetUtxoPrivateKey } from './getDevnetUtxoPrivateKey'

describe('getDevnetUtxoPrivateKey', () => {
  it('creates a key once, keeps it, and replaces a corrupt one', () => {
    const storage = createSafeStorage(() => undefined)
    const first = getDevnetUtxoPrivateKey(storage)
    expect(first).toHaveLength(32)
    expect(storage.getItem(devnetUtxoKeyStorageKey)).toBe(bytesToHex(first))
    expect(getDevnetUtxoPrivateKey(storage)).toEqual(first)
    storage.setItem(devnetUtxoKeyStorageKey, '0x12')
    expect(bytesToHex(getDevnetUtxoPrivateKey(storage))).not.toBe('0x12')
  })

  it('works where the browser storage throws (kept in memory for the page)', () => {
    const storage = createSafeStorage(() => {
      throw new Error('SecurityError')
    })
    expect(getDevnetUtxoPrivateKey(storage)).toEqual(getDevnetUtxoPrivateKey(storage))
  })
})
