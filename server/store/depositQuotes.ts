import { and, desc, eq } from 'drizzle-orm'
import type { Db } from './db'
import { depositQuotes } from './schema'

export type DepositQuote = typeof depositQuotes.$inferSelect

/** Stores a deposit the server built (`swap/cross` of a network quote paid from a UTXO or Cosmos wallet). */
export async function insertDepositQuote(
  db: Db,
  quote: Omit<DepositQuote, 'id' | 'createdAt'>,
): Promise<void> {
  await db.insert(depositQuotes).values(quote)
}

/** The newest deposit built on `sourceChainId` with exactly `memo`, if any (what a payment carrying it answers). */
export async function findDepositQuote(
  db: Db,
  params: { sourceChainId: number; memo: string },
): Promise<DepositQuote | undefined> {
  const [row] = await db
    .select()
    .from(depositQuotes)
    .where(and(eq(depositQuotes.sourceChainId, params.sourceChainId), eq(depositQuotes.memo, params.memo)))
    .orderBy(desc(depositQuotes.createdAt))
    .limit(1)
  return row
}
