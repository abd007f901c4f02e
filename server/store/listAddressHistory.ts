import { desc, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { CrossTrade } from './crossTrades'
import type { Db } from './db'
import type { GaslessOrderRow } from './gaslessOrders'
import { crossTrades, gaslessOrders, trades } from './schema'
import type { Trade } from './trades'

/** A stored record of an address's history, with the time it is ordered by (whole milliseconds). */
export type AddressHistoryRow = { atMs: number; id: string } & (
  | { kind: 'swap'; row: Trade }
  | { kind: 'cross'; row: CrossTrade }
  | { kind: 'gasless'; row: GaslessOrderRow }
)

/** Whole milliseconds: JavaScript dates (and so cursors) have no microseconds, PostgreSQL's now() does. */
const toMs = (column: SQL | AnyPgColumn) => sql`date_trunc('milliseconds', ${column})`

/**
 * The records of `address` or its `aliases` (matched in any letter case on either side: sender or receiver of a trade or a
 * cross-chain send, owner or receiver of a gasless order), newest first by time (a swap's and a send's block
 * time, an order's creation) then stored id, at most `limit`, only those strictly after `after` when given
 * (keyset paging: a record stored meanwhile never shifts a later page). Uses the lower(...) indexes of migration
 * 0010.
 */
export async function listAddressHistory(
  db: Db,
  params: {
    address: string
    /** Other spellings of the same address (a CashAddr with and without its prefix), matched as well. */
    aliases?: readonly string[]
    limit: number
    after?: { atMs: number; id: string } | undefined
  },
): Promise<AddressHistoryRow[]> {
  const spellings = sql.join(
    [params.address, ...(params.aliases ?? [])].map((a) => sql`${a.toLowerCase()}`),
    sql`, `,
  )
  const before = (at: SQL, id: AnyPgColumn): SQL =>
    params.after === undefined
      ? sql`true`
      : sql`(${at}, ${id}) < (${new Date(params.after.atMs).toISOString()}::timestamptz, ${params.after.id}::uuid)`
  const matches = (a: AnyPgColumn, b: AnyPgColumn) =>
    or(sql`lower(${a}) in (${spellings})`, sql`lower(${b}) in (${spellings})`)

  const swapAt = toMs(trades.blockTimestamp)
  const crossAt = toMs(sql`coalesce(${crossTrades.blockTimestamp}, ${crossTrades.createdAt})`)
  const gaslessAt = toMs(gaslessOrders.createdAt)
  const [swaps, crosses, orders] = await Promise.all([
    db
      .select()
      .from(trades)
      .where(sql`${matches(trades.sender, trades.receiver)} and ${before(swapAt, trades.id)}`)
      .orderBy(desc(swapAt), desc(trades.id))
      .limit(params.limit),
    db
      .select()
      .from(crossTrades)
      .where(sql`${matches(crossTrades.sender, crossTrades.receiver)} and ${before(crossAt, crossTrades.id)}`)
      .orderBy(desc(crossAt), desc(crossTrades.id))
      .limit(params.limit),
    db
      .select()
      .from(gaslessOrders)
      .where(
        sql`${matches(gaslessOrders.owner, gaslessOrders.receiver)} and ${before(gaslessAt, gaslessOrders.id)}`,
      )
      .orderBy(desc(gaslessAt), desc(gaslessOrders.id))
      .limit(params.limit),
  ])
  const ms = (date: Date) => date.getTime()
  const rows: AddressHistoryRow[] = [
    ...swaps.map((row) => ({ kind: 'swap' as const, row, atMs: ms(row.blockTimestamp), id: row.id })),
    ...crosses.map((row) => ({
      kind: 'cross' as const,
      row,
      atMs: ms(row.blockTimestamp ?? row.createdAt),
      id: row.id,
    })),
    ...orders.map((row) => ({ kind: 'gasless' as const, row, atMs: ms(row.createdAt), id: row.id })),
  ]
  // PostgreSQL orders uuids by their bytes, as lower-case hex strings compare
  return rows
    .sort((a, b) => b.atMs - a.atMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, params.limit)
}
