import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, type SQL } from 'drizzle-orm'
import type { Db } from './db'
import { trades } from './schema'

export type Trade = typeof trades.$inferSelect
export type NewTrade = Omit<typeof trades.$inferInsert, 'id' | 'createdAt'>

/**
 * Inserts trades, silently skipping any already stored under the same (chain_id, tx_hash, log_index),
 * and returns how many rows were new. Hashes and addresses are stored as given (the watcher passes
 * lowercase hashes and checksummed addresses).
 */
export async function insertTrades(db: Db, rows: NewTrade[]): Promise<number> {
  if (rows.length === 0) return 0
  const inserted = await db.insert(trades).values(rows).onConflictDoNothing().returning({ id: trades.id })
  return inserted.length
}

/** The trades (one per Swapped log) of transaction `txHash` on `chainId`, by log index. */
export async function getTradesByTx(db: Db, params: { chainId: number; txHash: string }): Promise<Trade[]> {
  return db
    .select()
    .from(trades)
    .where(and(eq(trades.chainId, params.chainId), eq(trades.txHash, params.txHash.toLowerCase())))
    .orderBy(asc(trades.logIndex))
}

/**
 * A company's trades, newest block first, optionally within [dateFrom, dateTo] on the block timestamp,
 * `limit` rows after skipping `offset`.
 */
export async function listCompanyTrades(
  db: Db,
  params: { companyId: string; limit: number; offset: number; dateFrom?: Date; dateTo?: Date },
): Promise<Trade[]> {
  const conditions: SQL[] = [eq(trades.companyId, params.companyId)]
  if (params.dateFrom !== undefined) conditions.push(gte(trades.blockTimestamp, params.dateFrom))
  if (params.dateTo !== undefined) conditions.push(lte(trades.blockTimestamp, params.dateTo))
  return db
    .select()
    .from(trades)
    .where(and(...conditions))
    .orderBy(
      desc(trades.blockTimestamp),
      desc(trades.blockNumber),
      desc(trades.logIndex),
      desc(trades.chainId),
    )
    .limit(params.limit)
    .offset(params.offset)
}

/**
 * Which of `integratorIds` (lowercase) already attribute a stored trade of `chainId` to a company: an
 * attribution tag counts once.
 */
export async function getAttributedTags(
  db: Db,
  params: { chainId: number; integratorIds: string[] },
): Promise<Set<string>> {
  if (params.integratorIds.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ integratorId: trades.integratorId })
    .from(trades)
    .where(
      and(
        eq(trades.chainId, params.chainId),
        isNotNull(trades.companyId),
        inArray(trades.integratorId, params.integratorIds),
      ),
    )
  return new Set(rows.map((r) => r.integratorId))
}

/** Every trade stored for `chainId`, by block and log index (for tests and re-checks). */
export async function listChainTrades(db: Db, chainId: number): Promise<Trade[]> {
  return db
    .select()
    .from(trades)
    .where(eq(trades.chainId, chainId))
    .orderBy(asc(trades.blockNumber), asc(trades.logIndex))
}

/** Deletes the trades of `chainId` in blocks after `blockNumber` (reorg rollback); returns the count. */
export async function deleteTradesAfterBlock(
  db: Db,
  params: { chainId: number; blockNumber: number },
): Promise<number> {
  const deleted = await db
    .delete(trades)
    .where(and(eq(trades.chainId, params.chainId), gt(trades.blockNumber, params.blockNumber)))
    .returning({ id: trades.id })
  return deleted.length
}
