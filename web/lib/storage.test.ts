import { describe, expect, it } from 'vitest'
import { createSafeStorage } from './storage'

class MapStorage implements Storage {
  readonly map = new Map<string, string>()
  get length() {
    return this.map.size
  }
  clear() {
    this.map.clear()
  }
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
  setItem(key: string, value: string) {
    this.map.set(key, value)
  }
}

class ThrowingStorage extends MapStorage {
  override getItem(_key: string): string | null {
    throw new DOMException('denied', 'SecurityError')
  }
  override setItem(_key: string, _value: string): void {
    throw new DOMException('quota', 'QuotaExceededError')
  }
}

describe('createSafeStorage', () => {
  it('writes through to a working storage', () => {
    const backing = new MapStorage()
    const storage = createSafeStorage(() => backing)
    storage.setItem('k', 'v')
    expect(storage.persistent).toBe(true)
    expect(backing.map.get('k')).toBe('v')
    expect(storage.getItem('k')).toBe('v')
    storage.removeItem('k')
    expect(backing.map.has('k')).toBe(false)
    expect(storage.getItem('k')).toBeNull()
  })

  it('falls back to memory when reading localStorage throws (cross-site iframe)', () => {
    const storage = createSafeStorage(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    })
    expect(storage.persistent).toBe(false)
    expect(storage.getItem('k')).toBeNull()
    storage.setItem('k', 'v')
    expect(storage.getItem('k')).toBe('v')
    storage.removeItem('k')
    expect(storage.getItem('k')).toBeNull()
  })

  it('falls back to memory when every call throws', () => {
    const storage = createSafeStorage(() => new ThrowingStorage())
    expect(storage.persistent).toBe(false)
    storage.setItem('k', 'v')
    expect(storage.getItem('k')).toBe('v')
  })

  it('falls back to memory when storage is absent', () => {
    const storage = createSafeStorage(() => undefined)
    expect(storage.persistent).toBe(false)
    storage.setItem('a', '1')
    expect(storage.getItem('a')).toBe('1')
  })
})
