import { lt, sql } from 'drizzle-orm'
import type { Db } from './db'
import { rateLimitBuckets } from './schema'

/**
 * Counts one hit in the window of `bucketKey` starting at `windowStartMs` and returns the window's
 * hit count including this one. A single atomic upsert, so processes sharing the database share the
 * count without races.
 */
export async function hitRateLimitBucket(
  db: Db,
  params: { bucketKey: string; windowStartMs: number },
): Promise<number> {
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ bucketKey: params.bucketKey, windowStartMs: params.windowStartMs, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.bucketKey, rateLimitBuckets.windowStartMs],
      set: { hits: sql`${rateLimitBuckets.hits} + 1` },
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
