import { eq, sql } from 'drizzle-orm'
import type { Hex } from 'viem'
import type { Db } from './db'
import { companies } from './schema'

export type Company = typeof companies.$inferSelect

/** Inserts a company with its bytes32 `integratorId` (lowercase 0x hex) and returns the row. */
export async function insertCompany(db: Db, values: { name: string; integratorId: Hex }): Promise<Company> {
  const [row] = await db
    .insert(companies)
    .values({ name: values.name, integratorId: values.integratorId.toLowerCase() })
    .returning()
  if (row === undefined) throw new Error('insert into companies returned no row')
  return row
}

/** The company called exactly `name`, or undefined. */
export async function getCompanyByName(db: Db, name: string): Promise<Company | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.name, name)).limit(1)
  return row
}

/** The company whose integrator id is `integratorId` (any hex case), or undefined. */
export async function getCompanyByIntegratorId(db: Db, integratorId: Hex): Promise<Company | undefined> {
  const [row] = await db
    .select()
    .from(companies)
    .where(eq(companies.integratorId, integratorId.toLowerCase()))
    .limit(1)
  return row
}

/**
 * The company whose public id (the first 16 bytes of its integrator id, `0x` + 32 hex, any case) is
 * `publicId`, or undefined. Served by the unique index `companies_public_id_uq`.
 */
export async function getCompanyByPublicId(db: Db, publicId: Hex): Promise<Company | undefined> {
  const [row] = await db
    .select()
    .from(companies)
    .where(eq(sql`substr(${companies.integratorId}, 1, 34)`, publicId.toLowerCase()))
    .limit(1)
  return row
}
