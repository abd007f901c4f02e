import { lt, sql } from 'drizzle-orm'
import type { Db } from './db'
import { rateLimitBuckets } from './schema'

/**
 * Counts `hits` (default 1) in the window of `bucketKey` starting at `windowStartMs` and returns the
 * window's hit count including these. A single atomic upsert, so processes sharing the database share the
 * count without races.
 */
export async function hitRateLimitBucket(
  db: Db,
  params: { bucketKey: string; windowStartMs: number; hits?: number },
): Promise<number> {
  const hits = params.hits ?? 1
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ bucketKey: params.bucketKey, windowStartMs: params.windowStartMs, hits })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.bucketKey, rateLimitBuckets.windowStartMs],
      set: { hits: sql`${rateLimitBuckets.hits} + ${hits}` },
    })
    .returning({ hits: rateLimitBuckets.hits })
  if (row === undefined) throw new Error('rate limit upsert returned no row')
  return row.hits
}

/** Deletes windows that started before `beforeMs`; returns how many. */
export async function deleteRateLimitBucketsBefore(db: Db, beforeMs: number): Promise<number> {
  const deleted = await db
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.windowStartMs, beforeMs))
    .returning({ hits: rateLimitBuckets.hits })
  return deleted.length
}
