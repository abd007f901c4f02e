import { eq } from 'drizzle-orm'
import type { Db } from './db'
import { serverSecrets } from './schema'

/**
 * The secret stored under `name`, created from `generate()` (lowercase hex) when there is none yet.
 * Insert-if-absent then read, so processes racing on a fresh database all end up with the one value
 * that was stored first.
 */
export async function getOrCreateServerSecret(
  db: Db,
  params: { name: string; generate: () => string },
): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name: params.name, value: params.generate() })
    .onConflictDoNothing({ target: serverSecrets.name })
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, params.name))
    .limit(1)
  if (row === undefined) throw new Error(`server secret ${params.name} was not stored`)
  return row.value
}
