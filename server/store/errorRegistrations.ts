import { desc, eq, inArray, lt } from 'drizzle-orm'
import type { Db } from './db'
import { errorRegistrations } from './schema'

export type ErrorRegistration = typeof errorRegistrations.$inferSelect
export type NewErrorRegistration = Omit<typeof errorRegistrations.$inferInsert, 'id' | 'createdAt'>

/** Stores one error registration and returns its id. */
export async function insertErrorRegistration(db: Db, values: NewErrorRegistration): Promise<string> {
  const [row] = await db.insert(errorRegistrations).values(values).returning({ id: errorRegistrations.id })
  if (row === undefined) throw new Error('insert into error_registrations returned no row')
  return row.id
}

/** One registration by id, or undefined. */
export async function getErrorRegistration(db: Db, id: string): Promise<ErrorRegistration | undefined> {
  const [row] = await db.select().from(errorRegistrations).where(eq(errorRegistrations.id, id)).limit(1)
  return row
}

/** A company's registrations, newest first, `limit` rows after skipping `offset`. */
export async function listErrorRegistrations(
  db: Db,
  params: { companyId: string; limit: number; offset: number },
): Promise<ErrorRegistration[]> {
  return db
    .select()
    .from(errorRegistrations)
    .where(eq(errorRegistrations.companyId, params.companyId))
    .orderBy(desc(errorRegistrations.createdAt), desc(errorRegistrations.id))
    .limit(params.limit)
    .offset(params.offset)
}

/**
 * Deletes registrations created before `before` (the retention cut-off) and returns how many, at most
 * `batchSize` (default 10,000) per call so one run never holds a long lock; call again while it
 * returns `batchSize`.
 */
export async function deleteErrorRegistrationsBefore(
  db: Db,
  params: { before: Date; batchSize?: number },
): Promise<number> {
  const batchSize = params.batchSize ?? 10_000
  const doomed = db
    .select({ id: errorRegistrations.id })
    .from(errorRegistrations)
    .where(lt(errorRegistrations.createdAt, params.before))
    .limit(batchSize)
  const deleted = await db
    .delete(errorRegistrations)
    .where(inArray(errorRegistrations.id, doomed))
    .returning({ id: errorRegistrations.id })
  return deleted.length
}
