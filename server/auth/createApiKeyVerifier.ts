import type { Hex } from 'viem'
import type { AuthContext } from '../appEnv'
import { getActiveApiKeyByHash } from '../store/apiKeys'
import type { Store } from '../store/createStore'
import { apiKeyPattern, hashApiKey } from './generateApiKey'

export type ApiKeyVerifier = {
  /** The caller behind `key`, or undefined when the key is malformed, unknown or revoked. */
  verify: (key: string) => Promise<AuthContext | undefined>
  /**
   * The answer `verify` would give without a database read: `{ auth }` when the key is malformed or
   * its lookup is cached, undefined when it would have to be looked up.
   */
  peek: (key: string) => { auth: AuthContext | undefined } | undefined
}

export type CreateApiKeyVerifierParams = {
  store: Store
  /** How long a lookup (hit or miss) is reused; bounds how late a revocation takes effect. */
  cacheTtlMs?: number
  maxCacheEntries?: number
  now?: () => number
}

/**
 * Verifies API keys against the database, caching each answer (found or not) for `cacheTtlMs`
 * (default 5 s) in memory, so a revoked key stops working within that time in every process. The cache
 * holds hashes, never keys, and is cleared when it reaches `maxCacheEntries` (default 10,000).
 */
export function createApiKeyVerifier({
  store,
  cacheTtlMs = 5_000,
  maxCacheEntries = 10_000,
  now = Date.now,
}: CreateApiKeyVerifierParams): ApiKeyVerifier {
  const cache = new Map<string, { auth: AuthContext | undefined; expiresAt: number }>()
  return {
    peek(key) {
      if (!apiKeyPattern.test(key)) return { auth: undefined }
      const cached = cache.get(hashApiKey(key))
      return cached !== undefined && cached.expiresAt > now() ? { auth: cached.auth } : undefined
    },
    async verify(key) {
      if (!apiKeyPattern.test(key)) return undefined
      const keyHash = hashApiKey(key)
      const cached = cache.get(keyHash)
      if (cached !== undefined && cached.expiresAt > now()) return cached.auth
      const found = await getActiveApiKeyByHash(store.db, keyHash)
      const auth: AuthContext | undefined =
        found === undefined
          ? undefined
          : {
              companyId: found.company.id,
              companyName: found.company.name,
              keyId: found.key.id,
              integratorId: found.company.integratorId as Hex,
            }
      if (cache.size >= maxCacheEntries) cache.clear()
      cache.set(keyHash, { auth, expiresAt: now() + cacheTtlMs })
      return auth
    },
  }
}

const shared = new WeakMap<Store, ApiKeyVerifier>()

/** The process-wide verifier for `store` (one cache shared by every middleware and route using it). */
export function getApiKeyVerifier(store: Store): ApiKeyVerifier {
  const existing = shared.get(store)
  if (existing !== undefined) return existing
  const verifier = createApiKeyVerifier({ store })
  shared.set(store, verifier)
  return verifier
}
