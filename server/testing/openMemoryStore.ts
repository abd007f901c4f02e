import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import type { Store } from '../store/createStore'
import { schema } from '../store/schema'

/**
 * An in-memory PGlite store without tables, already started (its first query does not wait for the
 * WASM start-up), for tests that only need the database to answer, such as `/health`.
 */
export async function openMemoryStore(): Promise<Store> {
  const memory = new PGlite()
  await memory.waitReady
  return { db: drizzle(memory, { schema }), driver: 'pglite', close: () => memory.close() }
}
