import { describe, expect, it } from 'vitest'
import { hasWalletConnectedBefore } from './hasWalletConnectedBefore'

const storageWith = (value: string | null) => ({
  getItem: (key: string) => (key === 'tributary.wagmi.store' ? value : null),
})

describe('hasWalletConnectedBefore', () => {
  it('is true when the persisted store has a current connection', () => {
    const store = JSON.stringify({
      state: { connections: { __type: 'Map', value: [] }, chainId: 1, current: 'a1b2c3' },
      version: 2,
    })
    expect(hasWalletConnectedBefore(storageWith(store))).toBe(true)
  })

  it('is false after a disconnect (current is null)', () => {
    const store = JSON.stringify({ state: { chainId: 1, current: null }, version: 2 })
    expect(hasWalletConnectedBefore(storageWith(store))).toBe(false)
  })

  it('is false without a store, with malformed JSON or another shape', () => {
    expect(hasWalletConnectedBefore(storageWith(null))).toBe(false)
    expect(hasWalletConnectedBefore(storageWith('{not json'))).toBe(false)
    expect(hasWalletConnectedBefore(storageWith('"x"'))).toBe(false)
    expect(hasWalletConnectedBefore(storageWith(JSON.stringify({ state: { current: '' } })))).toBe(false)
  })
})
