import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from './db'
import { gaslessOrders, gaslessRelayerNonces } from './schema'

export type GaslessOrderRow = typeof gaslessOrders.$inferSelect
export type NewGaslessOrder = typeof gaslessOrders.$inferInsert
export type GaslessOrderStatus = 'pending' | 'processing' | 'completed' | 'cancelled' | 'failed'

/** Stores a new pending order; returns its row, or undefined when (chain, owner, nonce) is taken. */
export async function insertGaslessOrder(
  db: Db,
  order: NewGaslessOrder,
): Promise<GaslessOrderRow | undefined> {
  // Due at once, by this process's clock in whole milliseconds like the claim's `now`: the database's own now()
  // has microseconds and could be a fraction of a millisecond later than a claim made right after.
  const [row] = await db
    .insert(gaslessOrders)
    .values({ nextAttemptAt: new Date(), ...order })
    .onConflictDoNothing()
    .returning()
  return row
}

/** The order `id`, or undefined. */
export async function getGaslessOrder(db: Db, id: string): Promise<GaslessOrderRow | undefined> {
  const [row] = await db.select().from(gaslessOrders).where(eq(gaslessOrders.id, id)).limit(1)
  return row
}

/** A page of `owner`'s orders (checksummed address), newest first, and how many there are in all. */
export async function listGaslessOrdersByOwner(
  db: Db,
  owner: string,
  page: { limit: number; offset: number },
): Promise<{ rows: GaslessOrderRow[]; total: number }> {
  const rows = await db
    .select()
    .from(gaslessOrders)
    .where(eq(gaslessOrders.owner, owner))
    .orderBy(desc(gaslessOrders.createdAt), desc(gaslessOrders.id))
    .limit(page.limit)
    .offset(page.offset)
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(gaslessOrders)
    .where(eq(gaslessOrders.owner, owner))
  return { rows, total: count?.total ?? 0 }
}

/**
 * `owner`'s open (pending or processing) orders on `chainId`: how many, and the sum of their `amountIn` in
 * `srcToken` (what they reserve of the owner's balance).
 */
export async function getOpenGaslessOrdersOfOwner(
  db: Db,
  p: { chainId: number; owner: string; srcToken: string },
): Promise<{ open: number; reserved: bigint }> {
  const [row] = await db
    .select({
      open: sql<number>`count(*)::int`,
      reserved: sql<
        string | null
      >`sum(case when ${gaslessOrders.srcToken} = ${p.srcToken} then ${gaslessOrders.amountIn} else 0 end)::text`,
    })
    .from(gaslessOrders)
    .where(
      and(
        eq(gaslessOrders.chainId, p.chainId),
        eq(gaslessOrders.owner, p.owner),
        inArray(gaslessOrders.status, ['pending', 'processing']),
      ),
    )
  return { open: row?.open ?? 0, reserved: BigInt(row?.reserved ?? 0) }
}

/**
 * How many of `owner`'s orders (checksummed address, any chain) ended since `since` with a transaction the
 * relayer paid for and the owner did not: one that reverted (`failed` with a transaction), or one whose gas was
 * worth more than the fee it took.
 */
export async function countGaslessGriefs(db: Db, p: { owner: string; since: Date }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gaslessOrders)
    .where(
      and(
        eq(gaslessOrders.owner, p.owner),
        isNotNull(gaslessOrders.gasCostWei),
        or(
          and(eq(gaslessOrders.status, 'failed'), gte(gaslessOrders.failedAt, p.since)),
          and(
            eq(gaslessOrders.status, 'completed'),
            gte(gaslessOrders.completedAt, p.since),
            sql`${gaslessOrders.gasCostInSrc} > coalesce(${gaslessOrders.feeTaken}, 0)`,
          ),
        ),
      ),
    )
  return row?.n ?? 0
}

/** Orders a relayer may claim at `now`: pending ones due, and processing ones whose lease ran out. */
const isDue = (now: Date) =>
  or(
    and(eq(gaslessOrders.status, 'pending'), lte(gaslessOrders.nextAttemptAt, now)),
    and(eq(gaslessOrders.status, 'processing'), lt(gaslessOrders.leaseUntil, now)),
  )

/** Orders whose transaction was mined but may still be rolled back: the relayer rechecks them each round. */
const isUnfinalMined = and(isNotNull(gaslessOrders.minedBlockHash), isNull(gaslessOrders.finalAt))

/**
 * The chains with an order a relayer would claim at `now`, or with a mined order not final yet (see `claimGaslessOrders`): one plain read, so
 * idle relayers cost one query per poll for all chains rather than a locking transaction per chain.
 */
export async function listChainsWithDueGaslessOrders(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ chainId: gaslessOrders.chainId })
    .from(gaslessOrders)
    .where(or(isDue(now), isUnfinalMined))
  return rows.map((r) => r.chainId)
}

/**
 * Claims up to `limit` orders of `chainId` for relayer `worker` until `leaseUntil`: pending orders due at
 * `now`, and processing orders whose lease ran out (their relayer died). `FOR UPDATE SKIP LOCKED` in one
 * transaction, so concurrent relayers never claim one order twice. Returns the claimed rows.
 */
export async function claimGaslessOrders(
  db: Db,
  p: { chainId: number; worker: string; now: Date; leaseUntil: Date; limit: number },
): Promise<GaslessOrderRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: gaslessOrders.id })
      .from(gaslessOrders)
      .where(and(eq(gaslessOrders.chainId, p.chainId), isDue(p.now)))
      .orderBy(asc(gaslessOrders.nextAttemptAt), asc(gaslessOrders.createdAt))
      .limit(p.limit)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(gaslessOrders)
      .set({
        status: 'processing',
        claimedBy: p.worker,
        leaseUntil: p.leaseUntil,
        attempts: sql`${gaslessOrders.attempts} + 1`,
      })
      .where(
        inArray(
          gaslessOrders.id,
          due.map((d) => d.id),
        ),
      )
      .returning()
  })
}

const heldBy = (id: string, worker: string) =>
  and(eq(gaslessOrders.id, id), eq(gaslessOrders.status, 'processing'), eq(gaslessOrders.claimedBy, worker))

/**
 * Hands a claimed order without a transaction back to the queue, due again at `nextAttemptAt` (the
 * order's conditions do not hold yet). Only while `worker` holds it; returns whether it did.
 */
export async function releaseGaslessOrder(
  db: Db,
  p: { id: string; worker: string; nextAttemptAt: Date; reason: string },
): Promise<boolean> {
  const rows = await db
    .update(gaslessOrders)
    .set({
      status: 'pending',
      claimedBy: null,
      leaseUntil: null,
      nextAttemptAt: p.nextAttemptAt,
      failureMsg: p.reason,
    })
    .where(and(heldBy(p.id, p.worker), sql`${gaslessOrders.signedTx} is null`))
    .returning({ id: gaslessOrders.id })
  return rows.length === 1
}

/**
 * Signs and persists the order's one transaction atomically with the relayer account's nonce: locks the
 * account's nonce row, takes max(stored, the chain's pending count) (the stored count only up to one past the
 * account's transactions still in flight; the chain's count read by `readChainNonce` under the lock, after the
 * in-flight ones: a count read before the lock misses a transaction another relayer of the account signed,
 * sent and finished meanwhile, and would sign a second transaction at its nonce, which never mines), asks
 * `sign` for the raw transaction at that nonce,
 * stores it (with the execution quote) while `worker` still holds the order, and advances the nonce. Returns
 * the stored raw transaction and hash, or undefined (nothing changed) when the order is no longer held.
 */
export async function persistSignedGaslessTx(
  db: Db,
  p: {
    id: string
    worker: string
    chainId: number
    relayer: string
    /** The account's pending transaction count on the chain. */
    readChainNonce: () => Promise<number>
    quotedAmountOut: bigint
    feeTaken: bigint
    sign: (nonce: number) => Promise<{ signedTx: string; txHash: string }>
  },
): Promise<{ signedTx: string; txHash: string; nonce: number } | undefined> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: gaslessOrders.id })
      .from(gaslessOrders)
      .where(and(heldBy(p.id, p.worker), sql`${gaslessOrders.signedTx} is null`))
      .for('update')
    if (!held) return undefined
    await tx
      .insert(gaslessRelayerNonces)
      .values({ chainId: p.chainId, address: p.relayer, nextNonce: 0 })
      .onConflictDoNothing()
    const [account] = await tx
      .select({ nextNonce: gaslessRelayerNonces.nextNonce })
      .from(gaslessRelayerNonces)
      .where(and(eq(gaslessRelayerNonces.chainId, p.chainId), eq(gaslessRelayerNonces.address, p.relayer)))
      .for('update')
    // The stored counter only matters while an earlier transaction of this account is still unmined (signed,
    // maybe never broadcast); otherwise the chain's count is the truth (a devnet restarted from its snapshot, a
    // dropped transaction), and a stale counter above it would leave a gap no later transaction fills.
    const [inFlight] = await tx
      .select({ last: sql<number | null>`max(${gaslessOrders.txNonce})` })
      .from(gaslessOrders)
      .where(
        and(
          eq(gaslessOrders.chainId, p.chainId),
          eq(gaslessOrders.relayer, p.relayer),
          eq(gaslessOrders.status, 'processing'),
          sql`${gaslessOrders.signedTx} is not null`,
        ),
      )
    const unmined = inFlight?.last === null || inFlight?.last === undefined ? -1 : Number(inFlight.last)
    // read after the in-flight ones: a transaction that ended since that read is mined, so the chain counts it
    const chainNonce = await p.readChainNonce()
    const nonce = Math.max(Math.min(account?.nextNonce ?? 0, unmined + 1), chainNonce)
    const signed = await p.sign(nonce)
    await tx
      .update(gaslessOrders)
      .set({
        relayer: p.relayer,
        txNonce: nonce,
        signedTx: signed.signedTx,
        txHash: signed.txHash,
        quotedAmountOut: p.quotedAmountOut,
        feeTaken: p.feeTaken,
      })
      .where(eq(gaslessOrders.id, p.id))
    await tx
      .update(gaslessRelayerNonces)
      .set({ nextNonce: nonce + 1 })
      .where(and(eq(gaslessRelayerNonces.chainId, p.chainId), eq(gaslessRelayerNonces.address, p.relayer)))
    return { ...signed, nonce }
  })
}

/** Extends `worker`'s lease on a processing order; false when it no longer holds it. */
export async function renewGaslessLease(
  db: Db,
  p: { id: string; worker: string; leaseUntil: Date },
): Promise<boolean> {
  const rows = await db
    .update(gaslessOrders)
    .set({ leaseUntil: p.leaseUntil })
    .where(heldBy(p.id, p.worker))
    .returning({ id: gaslessOrders.id })
  return rows.length === 1
}

/**
 * Ends a processing order: `completed` with the mined amounts, or `failed` with `failureMsg`; with `gasCost`
 * when its transaction was mined (what the relayer paid, counted against the owner by `countGaslessGriefs`). Applies only
 * while the order is processing (any relayer may finish it: the outcome is read from the chain), so an
 * order ends once. Returns whether this call ended it.
 */
export async function finishGaslessOrder(
  db: Db,
  p: (
    | { id: string; status: 'completed'; at: Date; amountOut: bigint; feeTaken: bigint }
    | { id: string; status: 'failed'; at: Date; failureMsg: string }
  ) & {
    gasCost?: { wei: bigint; inSrc: bigint | undefined }
    /** The block of its mined transaction, rechecked until final (`reconcileGaslessTxs`). */
    mined?: { blockNumber: number; blockHash: string }
  },
): Promise<boolean> {
  const set =
    p.status === 'completed'
      ? {
          status: p.status,
          completedAt: p.at,
          amountOut: p.amountOut,
          feeTaken: p.feeTaken,
          failureMsg: null,
        }
      : { status: p.status, failedAt: p.at, failureMsg: p.failureMsg }
  const cost = p.gasCost ? { gasCostWei: p.gasCost.wei, gasCostInSrc: p.gasCost.inSrc ?? null } : {}
  const mined = p.mined ? { minedBlockNumber: p.mined.blockNumber, minedBlockHash: p.mined.blockHash } : {}
  const rows = await db
    .update(gaslessOrders)
    .set({ ...set, ...cost, ...mined, claimedBy: null, leaseUntil: null })
    .where(and(eq(gaslessOrders.id, p.id), eq(gaslessOrders.status, 'processing')))
    .returning({ id: gaslessOrders.id })
  return rows.length === 1
}

/**
 * Fails a pending order (its deadline passed before any relayer took it). Returns whether it did.
 */
export async function failPendingGaslessOrder(
  db: Db,
  p: { id: string; at: Date; failureMsg: string },
): Promise<boolean> {
  const rows = await db
    .update(gaslessOrders)
    .set({ status: 'failed', failedAt: p.at, failureMsg: p.failureMsg })
    .where(and(eq(gaslessOrders.id, p.id), eq(gaslessOrders.status, 'pending')))
    .returning({ id: gaslessOrders.id })
  return rows.length === 1
}

/**
 * Cancels order `id` if no transaction of it exists yet: pending, or claimed by a relayer that has not signed
 * its transaction (signing locks the row and needs the order still held, so one of the two wins: a cancelled
 * order is never signed, a signed one is not cancelled). Returns the order after the attempt and whether this
 * call cancelled it.
 */
export async function cancelGaslessOrder(
  db: Db,
  p: { id: string; at: Date },
): Promise<{ cancelled: boolean; order: GaslessOrderRow | undefined }> {
  const [row] = await db
    .update(gaslessOrders)
    .set({ status: 'cancelled', canceledAt: p.at, claimedBy: null, leaseUntil: null })
    .where(
      and(
        eq(gaslessOrders.id, p.id),
        or(
          eq(gaslessOrders.status, 'pending'),
          // claimed for a re-quote but not signed: the relayer's signing step needs it still held, so it stops
          and(eq(gaslessOrders.status, 'processing'), sql`${gaslessOrders.signedTx} is null`),
        ),
      ),
    )
    .returning()
  if (row) return { cancelled: true, order: row }
  return { cancelled: false, order: await getGaslessOrder(db, p.id) }
}

/**
 * On chains `chainIds`: ends every unfinished (pending or processing) order as failed with `failureMsg`, marks
 * every order final (never rechecked against the new chain), and forgets the relayer nonce counters: for devnet
 * chains that restart from their snapshot, where the previous run's orders and transactions no longer exist (a
 * signed transaction of the old chain would leave a nonce gap). The orders of other chains are left to the
 * relayers' reconciliation. Returns how many orders it ended.
 */
export async function abandonGaslessOrders(
  db: Db,
  p: { at: Date; failureMsg: string; chainIds: readonly number[] },
): Promise<number> {
  if (p.chainIds.length === 0) return 0
  const onChains = inArray(gaslessOrders.chainId, [...p.chainIds])
  const rows = await db
    .update(gaslessOrders)
    .set({ status: 'failed', failedAt: p.at, failureMsg: p.failureMsg, claimedBy: null, leaseUntil: null })
    .where(and(onChains, inArray(gaslessOrders.status, ['pending', 'processing'])))
    .returning({ id: gaslessOrders.id })
  // the old chain's transactions are not rechecked (nor rebroadcast) on the new one
  await db
    .update(gaslessOrders)
    .set({ finalAt: p.at })
    .where(and(onChains, isNull(gaslessOrders.finalAt)))
  await db.delete(gaslessRelayerNonces).where(inArray(gaslessRelayerNonces.chainId, [...p.chainIds]))
  return rows.length
}

/**
 * The orders of relayer account `relayer` on `chainId` whose transaction the chain may still change: signed and
 * in flight (processing), or mined but not final. In transaction nonce order.
 */
export async function listTrackedGaslessOrders(
  db: Db,
  p: { chainId: number; relayer: string },
): Promise<GaslessOrderRow[]> {
  return db
    .select()
    .from(gaslessOrders)
    .where(
      and(
        eq(gaslessOrders.chainId, p.chainId),
        eq(gaslessOrders.relayer, p.relayer),
        isNotNull(gaslessOrders.signedTx),
        isNull(gaslessOrders.finalAt),
        or(eq(gaslessOrders.status, 'processing'), isNotNull(gaslessOrders.minedBlockHash)),
      ),
    )
    .orderBy(asc(gaslessOrders.txNonce), asc(gaslessOrders.createdAt))
}

/** The order `id` while it is recorded as mined in block `blockHash` and not yet final. */
const minedNotFinal = (p: { id: string; blockHash: string }) =>
  and(
    eq(gaslessOrders.id, p.id),
    eq(gaslessOrders.minedBlockHash, p.blockHash),
    isNull(gaslessOrders.finalAt),
  )

/** Marks a mined order final, while it is still recorded in block `blockHash`. Returns whether it did. */
export async function markGaslessOrderFinal(
  db: Db,
  p: { id: string; blockHash: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(gaslessOrders)
    .set({ finalAt: p.at })
    .where(minedNotFinal(p))
    .returning({ id: gaslessOrders.id })
  return rows.length === 1
}

/**
 * Reopens an order recorded as mined in block `blockHash` that the chain no longer holds there (a rollback or
 * reorg): back to `processing` with its signed transaction, its outcome (amounts, gas cost, times) cleared, its
 * lease expired so any relayer rebroadcasts and finishes it. Returns whether it did.
 */
export async function reopenGaslessOrder(
  db: Db,
  p: { id: string; blockHash: string; reason: string },
): Promise<boolean> {
  const rows = await db
    .update(gaslessOrders)
    .set({
      status: 'processing',
      claimedBy: null,
      leaseUntil: new Date(0),
      completedAt: null,
      failedAt: null,
      amountOut: null,
      gasCostWei: null,
      gasCostInSrc: null,
      minedBlockNumber: null,
      minedBlockHash: null,
      failureMsg: p.reason,
    })
    .where(minedNotFinal(p))
    .returning({ id: gaslessOrders.id })
  return rows.length === 1
}

/**
 * Forgets the signed transaction `txHash` of a processing order once it can never be mined (its nonce was
 * taken by another transaction, or the node refused it and an empty transaction closed its nonce): the order
 * goes back to `pending`, due at `now`, and is checked and signed again like a new one (its deadline, its
 * Permit2 nonce). Returns whether it did.
 */
export async function dropGaslessOrderTx(
  db: Db,
  p: { id: string; txHash: string; now: Date; reason: string },
): Promise<boolean> {
  const rows = await db
    .update(gaslessOrders)
    .set({
      status: 'pending',
      claimedBy: null,
      leaseUntil: null,
      nextAttemptAt: p.now,
      relayer: null,
      txNonce: null,
      signedTx: null,
      txHash: null,
      quotedAmountOut: null,
      failureMsg: p.reason,
    })
    .where(
      and(
        eq(gaslessOrders.id, p.id),
        eq(gaslessOrders.status, 'processing'),
        eq(gaslessOrders.txHash, p.txHash),
      ),
    )
    .returning({ id: gaslessOrders.id })
  return rows.length === 1
}

/**
 * Sets the relayer account's stored next nonce to the chain's `chainNonce` (its pending count), or one past
 * its transactions still in flight when higher: after a restart or a rollback the stored count may be above
 * the chain (a gap) or below it.
 */
export async function syncGaslessRelayerNonce(
  db: Db,
  p: { chainId: number; relayer: string; chainNonce: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .insert(gaslessRelayerNonces)
      .values({ chainId: p.chainId, address: p.relayer, nextNonce: 0 })
      .onConflictDoNothing()
    await tx
      .select({ nextNonce: gaslessRelayerNonces.nextNonce })
      .from(gaslessRelayerNonces)
      .where(and(eq(gaslessRelayerNonces.chainId, p.chainId), eq(gaslessRelayerNonces.address, p.relayer)))
      .for('update')
    const [inFlight] = await tx
      .select({ last: sql<number | null>`max(${gaslessOrders.txNonce})` })
      .from(gaslessOrders)
      .where(
        and(
          eq(gaslessOrders.chainId, p.chainId),
          eq(gaslessOrders.relayer, p.relayer),
          eq(gaslessOrders.status, 'processing'),
          isNotNull(gaslessOrders.signedTx),
        ),
      )
    const last = inFlight?.last === null || inFlight?.last === undefined ? -1 : Number(inFlight.last)
    const next = Math.max(p.chainNonce, last + 1)
    await tx
      .update(gaslessRelayerNonces)
      .set({ nextNonce: next })
      .where(and(eq(gaslessRelayerNonces.chainId, p.chainId), eq(gaslessRelayerNonces.address, p.relayer)))
    return next
  })
}
