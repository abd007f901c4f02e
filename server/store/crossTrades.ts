import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from './db'
import { crossTrades } from './schema'

export type CrossTrade = typeof crossTrades.$inferSelect

/** A cross-chain send the trade watcher found on an origin chain, with the block it is in. */
export type DiscoveredCrossTrade = {
  providerId: string
  sourceChainId: number
  destinationChainId: number
  originTxHash: string
  blockNumber: number
  blockHash: string
  blockTimestamp: Date
  sender: string
  receiver: string
  tokenIn: string
  tokenOut: string
  amountIn: bigint
  feeAmount: bigint
  txTo: string | null
  gasUsed: bigint
  gasPrice: bigint
  companyId?: string | null
  /** The attribution tag the send carried, lower-case (a used tag attributes no other send: `getAttributedTags`). */
  integratorId?: string | null
}

/** Where a provider says a cross-chain trade stands (what `track` answers). */
export type CrossTradeStatus = {
  providerId: string
  sourceChainId: number
  destinationChainId: number
  originTxHash: string
  state: string
  destinationTxHash?: string | undefined
  amountReceived?: bigint | undefined
  tokenReceived?: string | undefined
  receivedDifferentTokens: boolean
  refunded?: boolean | undefined
  subStatus?: string | undefined
}

/** The two states after which a cross-chain trade no longer changes. */
export const FINAL_CROSS_STATES = ['DELIVERED', 'FAILED'] as const

const isFinal = (state: string) => (FINAL_CROSS_STATES as readonly string[]).includes(state)

/** Origin hashes are stored lower-case (EVM and UTXO ids are hex; Cosmos shows them upper-case). */
const originKey = (hash: string) => hash.toLowerCase()

/**
 * Stores sends found by the trade watcher, state PENDING, and returns how many were new. A send `info/tx`
 * already stored (without its origin details) gets them; its status is left as it is.
 */
export async function insertDiscoveredCrossTrades(db: Db, rows: DiscoveredCrossTrade[]): Promise<number> {
  if (rows.length === 0) return 0
  const inserted = await db
    .insert(crossTrades)
    .values(rows.map((row) => ({ ...row, originTxHash: originKey(row.originTxHash), state: 'PENDING' })))
    .onConflictDoUpdate({
      target: [crossTrades.sourceChainId, crossTrades.originTxHash],
      set: {
        blockNumber: sql`excluded.block_number`,
        blockHash: sql`excluded.block_hash`,
        blockTimestamp: sql`excluded.block_timestamp`,
        sender: sql`excluded.sender`,
        receiver: sql`excluded.receiver`,
        tokenIn: sql`excluded.token_in`,
        tokenOut: sql`excluded.token_out`,
        amountIn: sql`excluded.amount_in`,
        feeAmount: sql`excluded.fee_amount`,
        txTo: sql`excluded.tx_to`,
        gasUsed: sql`excluded.gas_used`,
        gasPrice: sql`excluded.gas_price`,
        companyId: sql`coalesce(excluded.company_id, ${crossTrades.companyId})`,
        integratorId: sql`coalesce(excluded.integrator_id, ${crossTrades.integratorId})`,
      },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` })
  return inserted.filter((row) => row.inserted).length
}

/**
 * Records where a trade stands, inserting it when it is new. A trade already DELIVERED or FAILED is not changed
 * again, so a late or stale answer cannot move it back, except by the follower's re-check of a trade finished
 * since `recheckFinishedSince` (a rollback took its delivery away, or a new one replaced it); a finished trade
 * keeps the time it first finished. Returns the stored row.
 */
export async function recordCrossTradeStatus(
  db: Db,
  status: CrossTradeStatus,
  options: { recheckFinishedSince?: Date } = {},
): Promise<CrossTrade> {
  const fields = {
    state: status.state,
    destinationTxHash: status.destinationTxHash ?? null,
    amountReceived: status.amountReceived ?? null,
    tokenReceived: status.tokenReceived ?? null,
    receivedDifferentTokens: status.receivedDifferentTokens,
    refunded: status.refunded ?? false,
    subStatus: status.subStatus ?? null,
    finishedAt: isFinal(status.state) ? new Date() : null,
  }
  const since = options.recheckFinishedSince
  const changeable =
    since === undefined
      ? sql`${crossTrades.state} not in ('DELIVERED', 'FAILED')`
      : sql`(${crossTrades.state} not in ('DELIVERED', 'FAILED') or ${crossTrades.finishedAt} >= ${since.toISOString()})`
  const [row] = await db
    .insert(crossTrades)
    .values({
      providerId: status.providerId,
      sourceChainId: status.sourceChainId,
      destinationChainId: status.destinationChainId,
      originTxHash: originKey(status.originTxHash),
      ...fields,
    })
    .onConflictDoUpdate({
      target: [crossTrades.sourceChainId, crossTrades.originTxHash],
      set: {
        ...fields,
        ...(fields.finishedAt === null
          ? {}
          : { finishedAt: sql`coalesce(${crossTrades.finishedAt}, now())` }),
        updatedAt: new Date(),
      },
      setWhere: changeable,
    })
    .returning()
  if (row !== undefined) return row
  const stored = await getCrossTradeByOrigin(db, status.originTxHash)
  if (stored === undefined) throw new Error(`cross trade ${status.originTxHash} vanished while recording`)
  return stored
}

/** The trade started by `originTxHash` on any chain, if stored. */
export async function getCrossTradeByOrigin(db: Db, originTxHash: string): Promise<CrossTrade | undefined> {
  const [row] = await db
    .select()
    .from(crossTrades)
    .where(eq(crossTrades.originTxHash, originKey(originTxHash)))
    .limit(1)
  return row
}

/**
 * Trades not yet DELIVERED or FAILED, and with `finishedSince` those finished since then (a rollback may still
 * take their delivery away), least recently updated first (what the follower polls).
 */
export async function listOpenCrossTrades(
  db: Db,
  params: { limit: number; finishedSince?: Date },
): Promise<CrossTrade[]> {
  const open = inArray(crossTrades.state, ['PENDING', 'INFLIGHT'])
  return db
    .select()
    .from(crossTrades)
    .where(
      params.finishedSince === undefined ? open : or(open, gte(crossTrades.finishedAt, params.finishedSince)),
    )
    .orderBy(asc(crossTrades.updatedAt))
    .limit(params.limit)
}

/** Marks open trades as looked at now, so the follower moves on to the others next round. */
export async function touchCrossTrades(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db.update(crossTrades).set({ updatedAt: new Date() }).where(inArray(crossTrades.id, ids))
}

/** Deletes the sends found in blocks after `blockNumber` of `chainId` (reorg rollback); returns the count. */
export async function deleteCrossTradesAfterBlock(
  db: Db,
  params: { chainId: number; blockNumber: number },
): Promise<number> {
  const deleted = await db
    .delete(crossTrades)
    .where(
      and(eq(crossTrades.sourceChainId, params.chainId), gt(crossTrades.blockNumber, params.blockNumber)),
    )
    .returning({ id: crossTrades.id })
  return deleted.length
}

/**
 * A company's cross-chain trades found by the watcher (origin block known), newest first, optionally within
 * [dateFrom, dateTo] on the origin block time; at most `limit` rows (the trade list merges them with the
 * single-chain trades and pages the merged list).
 */
export async function listCompanyCrossTrades(
  db: Db,
  params: { companyId: string; limit: number; dateFrom?: Date; dateTo?: Date },
): Promise<CrossTrade[]> {
  const conditions: SQL[] = [
    eq(crossTrades.companyId, params.companyId),
    isNotNull(crossTrades.blockTimestamp),
  ]
  if (params.dateFrom !== undefined) conditions.push(gte(crossTrades.blockTimestamp, params.dateFrom))
  if (params.dateTo !== undefined) conditions.push(lte(crossTrades.blockTimestamp, params.dateTo))
  return db
    .select()
    .from(crossTrades)
    .where(and(...conditions))
    .orderBy(desc(crossTrades.blockTimestamp), desc(crossTrades.blockNumber))
    .limit(params.limit)
}
