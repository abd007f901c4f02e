import { describe, expect, it } from 'vitest'
import { createSafeStorage } from '../../lib/storage'
import { devnetPrivateKeyStorageKey, getDevnetPrivateKey } from './getDevnetPrivateKey'

describe('getDevnetPrivateKey', () => {
  it('creates a key once, then returns the stored one', () => {
    const storage = createSafeStorage(() => undefined)
    const first = getDevnetPrivateKey(storage)
    expect(first.created).toBe(true)
    expect(first.privateKey).toMatch(/^0x[0-9a-f]{64}$/)
    expect(storage.getItem(devnetPrivateKeyStorageKey)).toBe(first.privateKey)
    expect(getDevnetPrivateKey(storage)).toEqual({ privateKey: first.privateKey, created: false })
  })

  it('replaces a corrupt stored key', () => {
    const storage = createSafeStorage(() => undefined)
    storage.setItem(devnetPrivateKeyStorageKey, '0x1234')
    const result = getDevnetPrivateKey(storage)
    expect(result.created).toBe(true)
    expect(result.privateKey).not.toBe('0x1234')
    expect(result.privateKey).toHaveLength(66)
  })
})
