import { and, eq, sql } from 'drizzle-orm'
import type { Db } from './db'
import { watcherCursors } from './schema'

export type WatcherCursor = { chainId: number; lastBlock: number; lastBlockHash: string | null }

/** The trade watcher's cursor for `chainId`, or undefined before the first run. */
export async function getWatcherCursor(db: Db, chainId: number): Promise<WatcherCursor | undefined> {
  const [row] = await db
    .select({
      chainId: watcherCursors.chainId,
      lastBlock: watcherCursors.lastBlock,
      lastBlockHash: watcherCursors.lastBlockHash,
    })
    .from(watcherCursors)
    .where(eq(watcherCursors.chainId, chainId))
    .limit(1)
  return row
}

/**
 * Moves the cursor of `cursor.chainId` to `cursor.lastBlock` / `lastBlockHash`, but only if it still
 * stands where the caller read it (`expected`; undefined = no cursor row yet). Returns false when
 * another writer moved it first, so two watchers of one chain never both commit the same range.
 */
export async function compareAndSetWatcherCursor(
  db: Db,
  cursor: WatcherCursor,
  expected: WatcherCursor | undefined,
): Promise<boolean> {
  if (expected === undefined) {
    const inserted = await db
      .insert(watcherCursors)
      .values({ chainId: cursor.chainId, lastBlock: cursor.lastBlock, lastBlockHash: cursor.lastBlockHash })
      .onConflictDoNothing()
      .returning({ chainId: watcherCursors.chainId })
    return inserted.length === 1
  }
  const updated = await db
    .update(watcherCursors)
    .set({ lastBlock: cursor.lastBlock, lastBlockHash: cursor.lastBlockHash, updatedAt: sql`now()` })
    .where(
      and(
        eq(watcherCursors.chainId, cursor.chainId),
        eq(watcherCursors.lastBlock, expected.lastBlock),
        expected.lastBlockHash === null
          ? sql`${watcherCursors.lastBlockHash} is null`
          : eq(watcherCursors.lastBlockHash, expected.lastBlockHash),
      ),
    )
    .returning({ chainId: watcherCursors.chainId })
  return updated.length === 1
}
