import { randomBytes } from 'node:crypto'
import { type Hex, hexToBytes } from 'viem'
import type { Store } from '../store/createStore'
import { getOrCreateServerSecret } from '../store/serverSecrets'

/** Name of the integrator tag key in the `server_secrets` table. */
export const integratorTagSecretName = 'integrator-tag'

const loaded = new WeakMap<Store, Promise<Uint8Array>>()

/**
 * The key of the trade attribution tags: `configured` (INTEGRATOR_TAG_SECRET, its UTF-8 bytes) when set,
 * else 32 random bytes generated once and kept in the database, so every process behind a load balancer
 * and every restart shares it. Read once per store and reused; a failed read is retried on the next
 * call. Rejects when the database cannot be read.
 */
export function getIntegratorTagSecret(store: Store, configured: string | undefined): Promise<Uint8Array> {
  if (configured !== undefined) return Promise.resolve(new TextEncoder().encode(configured))
  const existing = loaded.get(store)
  if (existing !== undefined) return existing
  const loading = getOrCreateServerSecret(store.db, {
    name: integratorTagSecretName,
    generate: () => randomBytes(32).toString('hex'),
  }).then((value) => hexToBytes(`0x${value}` as Hex))
  loaded.set(store, loading)
  loading.catch(() => loaded.delete(store))
  return loading
}
