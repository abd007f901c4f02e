import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { Db } from './db'
import { schema } from './schema'

export type StoreDriver = 'pglite' | 'postgres'

export interface Store {
  db: Db
  driver: StoreDriver
  /** Closes the connection pool or the embedded database; the store is unusable afterwards. */
  close: () => Promise<void>
}

export type CreateStoreParams = {
  /** PostgreSQL connection string; when absent an embedded PGlite database is used. */
  databaseUrl?: string | undefined
  /** Directory holding the embedded database (`<dataDir>/db`). Ignored with `databaseUrl`. */
  dataDir: string
  /** Connection pool size for PostgreSQL (default 10). */
  poolSize?: number
  /** Told when PostgreSQL ends an idle pooled connection (the pool replaces it). Default: ignored. */
  onIdleConnectionError?: (error: Error) => void
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Opens the database and applies the SQL migrations in `server/store/migrations` (the same files for
 * both drivers): PostgreSQL through a `pg` pool when `databaseUrl` is given, otherwise PGlite persisted
 * in `<dataDir>/db` (created if missing). Rejects when the database cannot be opened or a migration
 * fails; the connection is closed again in that case.
 */
export async function createStore({
  databaseUrl,
  dataDir,
  poolSize = 10,
  onIdleConnectionError = () => {},
}: CreateStoreParams): Promise<Store> {
  if (databaseUrl !== undefined && databaseUrl !== '') {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize })
    // An idle pooled connection that the server ends (restart, failover, a dropped database) is emitted
    // as a pool 'error'; unhandled, that would crash the process. The pool discards the connection and
    // opens a new one on the next query, so there is nothing to do but report it.
    pool.on('error', (error) => onIdleConnectionError(error))
    const db = drizzlePg(pool, { schema })
    try {
      await migratePg(db, { migrationsFolder })
    } catch (error: unknown) {
      await pool.end()
      throw error
    }
    return { db, driver: 'postgres', close: () => pool.end() }
  }
  const dbDir = path.join(dataDir, 'db')
  await mkdir(dbDir, { recursive: true })
  const client = await PGlite.create(dbDir)
  const db = drizzlePglite(client, { schema })
  try {
    await migratePglite(db, { migrationsFolder })
  } catch (error: unknown) {
    await client.close()
    throw error
  }
  return { db, driver: 'pglite', close: () => client.close() }
}
