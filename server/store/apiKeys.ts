import { and, asc, eq, isNull, or } from 'drizzle-orm'
import type { Company } from './companies'
import type { Db } from './db'
import { apiKeys, companies } from './schema'

export type ApiKey = typeof apiKeys.$inferSelect
export type ApiKeyWithCompany = { key: ApiKey; company: Company }

/** Stores a key's hash and display prefix for `companyId` and returns the row. */
export async function insertApiKey(
  db: Db,
  values: { companyId: string; keyHash: string; prefix: string },
): Promise<ApiKey> {
  const [row] = await db.insert(apiKeys).values(values).returning()
  if (row === undefined) throw new Error('insert into api_keys returned no row')
  return row
}

/** The unrevoked key with sha256 hex `keyHash` and its company, or undefined. */
export async function getActiveApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyWithCompany | undefined> {
  const [row] = await db
    .select({ key: apiKeys, company: companies })
    .from(apiKeys)
    .innerJoin(companies, eq(apiKeys.companyId, companies.id))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1)
  return row
}

/** Every key (revoked ones included) with its company, oldest first. */
export async function listApiKeys(db: Db): Promise<ApiKeyWithCompany[]> {
  return db
    .select({ key: apiKeys, company: companies })
    .from(apiKeys)
    .innerJoin(companies, eq(apiKeys.companyId, companies.id))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
}

/**
 * Revokes the unrevoked keys whose id or display prefix equals `idOrPrefix` and returns them (normally
 * one; none when nothing matches or the key was already revoked, so revoking is idempotent).
 */
export async function revokeApiKeys(db: Db, idOrPrefix: string, now: Date = new Date()): Promise<ApiKey[]> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrPrefix)
  const match = isUuid
    ? or(eq(apiKeys.id, idOrPrefix), eq(apiKeys.prefix, idOrPrefix))
    : eq(apiKeys.prefix, idOrPrefix)
  return db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(match, isNull(apiKeys.revokedAt)))
    .returning()
}
