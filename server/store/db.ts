import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Schema } from './schema'

/**
 * A Drizzle database or transaction over our schema, whichever driver backs it (PGlite or
 * node-postgres). Repository functions take it as their first parameter, so they run inside a
 * transaction just as well as outside one.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
