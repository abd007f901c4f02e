import { sql } from 'drizzle-orm'
import type { Store } from '../store/createStore'

/**
 * Test support: empties every table of a store opened by `openTestStore` (the migrations insert no rows, so it
 * is then as a freshly opened one), in milliseconds where opening a new PGlite store takes seconds (its WASM
 * start-up). A test file opens one store per target and empties it before each test.
 */
export async function emptyTestStore(store: Pick<Store, 'db'>): Promise<void> {
  const { rows } = (await store.db.execute(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )) as unknown as { rows: { tablename: string }[] }
  if (rows.length === 0) return
  const tables = rows.map((r) => `"public"."${r.tablename}"`).join(', ')
  await store.db.execute(sql.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`))
}
