import { mkdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { Db } from './db'
import { type DataDirLock, lockDataDir } from './lockDataDir'
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
  /** The data directory's lock when the caller took it already (see `lockDataDir`); PGlite only. */
  lock?: DataDirLock
}

export class DataDirDamagedError extends Error {
  override name = 'DataDirDamagedError' as const
  /** The file or directory found damaged. */
  readonly damagedPath: string

  constructor(damagedPath: string, dbDir: string, cause: unknown) {
    super(
      `The embedded database in ${dbDir} cannot be opened: ${damagedPath} is damaged or not a database ` +
        `(${cause instanceof Error ? cause.message : String(cause)}). To start with an empty database, stop ` +
        `the server and move it aside (mv ${dbDir} ${dbDir}.damaged); API keys, trades and error ` +
        'registrations stored there are then gone unless you restore the directory from a backup.',
      { cause },
    )
    this.damagedPath = damagedPath
  }
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** The advisory lock key of the migrations (any bigint: one for this application's database). */
const MIGRATION_LOCK = 7_130_462_905_881_411n

/**
 * Applies the migrations on one connection holding a PostgreSQL advisory lock: processes of one deployment that
 * start together take turns, and each after the first finds nothing left to apply (without it two of them each
 * created the migrations table, and all but one failed to start).
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()])
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()])
    }
  } finally {
    client.release()
  }
}

/**
 * Opens the database and applies the SQL migrations in `server/store/migrations` (the same files for
 * both drivers): PostgreSQL through a `pg` pool when `databaseUrl` is given, otherwise PGlite persisted
 * in `<dataDir>/db` (created if missing) under the lock `<dataDir>/db.lock` (see `lockDataDir`; throws
 * `DataDirLockedError` when another running process holds it). Rejects when the database cannot be
 * opened (a damaged PGlite directory: `DataDirDamagedError` naming the file and the fix) or a
 * migration fails; the connection is closed and the lock released again in that case.
 */
export async function createStore({
  databaseUrl,
  dataDir,
  poolSize = 10,
  onIdleConnectionError = () => {},
  lock,
}: CreateStoreParams): Promise<Store> {
  if (databaseUrl !== undefined && databaseUrl !== '') {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize })
    // An idle pooled connection that the server ends (restart, failover, a dropped database) is emitted
    // as a pool 'error'; unhandled, that would crash the process. The pool discards the connection and
    // opens a new one on the next query, so there is nothing to do but report it.
    pool.on('error', (error) => onIdleConnectionError(error))
    const db = drizzlePg(pool, { schema })
    try {
      await migrateLocked(pool)
    } catch (error: unknown) {
      await pool.end()
      throw error
    }
    return { db, driver: 'postgres', close: () => pool.end() }
  }
  const dbDir = path.join(dataDir, 'db')
  const held = lock ?? (await lockDataDir(dataDir))
  let client: PGlite
  try {
    await mkdir(dbDir, { recursive: true }).catch(async (error: unknown) => {
      throw new DataDirDamagedError(await findDamage(dbDir), dbDir, error)
    })
    client = await PGlite.create(dbDir).catch(async (error: unknown) => {
      throw new DataDirDamagedError(await findDamage(dbDir), dbDir, error)
    })
  } catch (error: unknown) {
    await held.release()
    throw error
  }
  const db = drizzlePglite(client, { schema })
  try {
    await migratePglite(db, { migrationsFolder })
  } catch (error: unknown) {
    await client.close()
    await held.release()
    throw error
  }
  return {
    db,
    driver: 'pglite',
    close: async () => {
      await client.close()
      await held.release()
    },
  }
}

/** The first part of a PGlite directory that is visibly wrong, else the directory itself. */
async function findDamage(dbDir: string): Promise<string> {
  const dirStat = await stat(dbDir).catch(() => undefined)
  if (dirStat !== undefined && !dirStat.isDirectory()) return dbDir
  const versionFile = path.join(dbDir, 'PG_VERSION')
  const version = await readFile(versionFile, 'utf8').catch(() => undefined)
  if (version !== undefined && !/^\d+\s*$/.test(version)) return versionFile
  const controlFile = path.join(dbDir, 'global', 'pg_control')
  const control = await stat(controlFile).catch(() => undefined)
  if (version !== undefined && (control === undefined || control.size !== 8192)) return controlFile
  return dbDir
}
