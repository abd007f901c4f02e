import { and, eq, sql } from 'drizzle-orm'
import type { ProviderObservedDeposit } from '../providers/types'
import {
  type CrossTrade,
  FINAL_CROSS_STATES,
  getCrossTradeByOrigin,
  recordCrossTradeStatus,
} from './crossTrades'
import type { Db } from './db'
import { findDepositQuote } from './depositQuotes'
import { crossTrades } from './schema'

/**
 * Stores a deposit the network observed as a cross-chain trade of `providerId` (inserted at its first sighting,
 * its status as `recordCrossTradeStatus` records it), with who paid, for whom, what was actually paid and when
 * (the origin time is the observation), where a refund goes, and the amount and expiry of the deposit the server
 * built with the same memo on the same chain (`deposit_quotes`), if any. A deposit already stored finished with
 * its payment is left as it is (one read: the follower reads the same recent deposits every round). Returns the
 * stored row.
 */
export async function recordObservedDeposit(
  db: Db,
  providerId: string,
  deposit: ProviderObservedDeposit,
): Promise<CrossTrade> {
  const { sender, receiver, tokenIn, tokenOut, amountIn, observedAt, memo, refundAddress, ...status } =
    deposit
  const known = await getCrossTradeByOrigin(db, deposit.originTxHash)
  const finished = (FINAL_CROSS_STATES as readonly string[]).includes(known?.state ?? '')
  if (known !== undefined && finished && known.paidAt !== null) return known
  await recordCrossTradeStatus(db, { providerId, ...status })
  const quote = await findDepositQuote(db, { sourceChainId: deposit.sourceChainId, memo })
  const [row] = await db
    .update(crossTrades)
    .set({
      sender,
      receiver,
      tokenIn,
      tokenOut,
      amountIn,
      // the first sighting stands, whatever a later read says
      paidAt: sql`coalesce(${crossTrades.paidAt}, ${observedAt.toISOString()}::timestamptz)`,
      blockTimestamp: sql`coalesce(${crossTrades.blockTimestamp}, ${observedAt.toISOString()}::timestamptz)`,
      refundAddress,
      quotedAmountIn: quote?.amountIn ?? null,
      quoteExpiresAt: quote?.expiresAt ?? null,
    })
    .where(
      and(
        eq(crossTrades.sourceChainId, deposit.sourceChainId),
        eq(crossTrades.originTxHash, deposit.originTxHash.toLowerCase()),
      ),
    )
    .returning()
  const stored = row ?? (await getCrossTradeByOrigin(db, deposit.originTxHash))
  if (stored === undefined) throw new Error(`deposit ${deposit.originTxHash} vanished while recording`)
  return stored
}
