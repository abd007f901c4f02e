/** The subset of the Web Storage API the app uses. */
export interface SafeStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  /** False when the browser storage is unavailable and values only live in memory for this page. */
  readonly persistent: boolean
}

/**
 * Wraps a Web Storage getter so that it never throws. In a cross-site iframe (and with storage disabled)
 * merely reading `window.localStorage` throws a SecurityError; then, and whenever a later call throws
 * (quota, revoked access), values are kept in an in-memory map for the life of the page.
 */
export function createSafeStorage(getStorage: () => Storage | undefined): SafeStorage {
  const memory = new Map<string, string>()
  let backing: Storage | undefined
  try {
    backing = getStorage()
    if (backing !== undefined) {
      const probe = '__storage_probe__'
      backing.setItem(probe, probe)
      backing.removeItem(probe)
    }
  } catch (_error: unknown) {
    backing = undefined
  }
  const storage = backing
  return {
    persistent: storage !== undefined,
    getItem(key) {
      if (storage !== undefined) {
        try {
          return storage.getItem(key)
        } catch (_error: unknown) {
          // fall through to memory
        }
      }
      return memory.get(key) ?? null
    },
    setItem(key, value) {
      memory.set(key, value)
      if (storage === undefined) return
      try {
        storage.setItem(key, value)
      } catch (_error: unknown) {
        // memory already holds the value
      }
    },
    removeItem(key) {
      memory.delete(key)
      if (storage === undefined) return
      try {
        storage.removeItem(key)
      } catch (_error: unknown) {
        // nothing else to do
      }
    },
  }
}

let localStorageSingleton: SafeStorage | undefined

/**
 * Returns the page's safe `localStorage` (created on first call, so importing this module has no side
 * effects). Falls back to memory wherever `localStorage` is missing or throws.
 */
export function getSafeLocalStorage(): SafeStorage {
  localStorageSingleton ??= createSafeStorage(() =>
    typeof window === 'undefined' ? undefined : window.localStorage,
  )
  return localStorageSingleton
}

/**
 * Third-party code (RainbowKit) reads `window.localStorage` directly, which throws in a cross-site iframe.
 * When that access throws, this replaces the property with an in-memory Storage so such code keeps
 * working; returns true when it had to. Call once at startup, before rendering.
 */
export function installLocalStorageFallback(): boolean {
  if (typeof window === 'undefined') return false
  try {
    const storage = window.localStorage
    storage.getItem('__storage_probe__')
    return false
  } catch (_error: unknown) {
    const memory = new Map<string, string>()
    const fallback: Storage = {
      get length() {
        return memory.size
      },
      clear: () => memory.clear(),
      getItem: (key) => memory.get(key) ?? null,
      key: (index) => [...memory.keys()][index] ?? null,
      removeItem: (key) => {
        memory.delete(key)
      },
      setItem: (key, value) => {
        memory.set(key, String(value))
      },
    }
    try {
      Object.defineProperty(window, 'localStorage', { configurable: true, value: fallback })
      return true
    } catch (_defineError: unknown) {
      return false
    }
  }
}
