import { and, eq, isNotNull } from 'drizzle-orm'
import type { ProviderObservedDeposit } from '../providers/types'
import type { CrossTrade } from './crossTrades'
import type { Db } from './db'
import { findDepositQuote } from './depositQuotes'
import { crossTrades } from './schema'

/*
 * A deposit seen in a UTXO chain's mempool is stored PENDING with its payment (`paid_at`). Nothing else stores a
 * PENDING deposit with a payment: the network's own observations are INFLIGHT or final (`toThorchainDeposit`), and
 * `recordObservedDeposit` moves the same row (origin hashes are stored lower-case, as bitcoind writes txids,
 * THORNode upper-case) on. So "PENDING with a payment" is exactly "seen in the mempool, not observed by the
 * network yet".
 */

/**
 * Stores a deposit of `providerId` seen in its chain's mempool (`toMempoolDeposit`) as a PENDING cross-chain
 * trade, paid when first seen, with the amount and expiry of the deposit the server built with the same memo
 * (`deposit_quotes`), if any. A trade already stored (seen before, or observed by the network since) is left as it
 * is: a sighting never moves a trade back. Returns whether it was new.
 */
export async function insertMempoolDeposit(
  db: Db,
  providerId: string,
  deposit: ProviderObservedDeposit,
): Promise<boolean> {
  const quote = await findDepositQuote(db, { sourceChainId: deposit.sourceChainId, memo: deposit.memo })
  const inserted = await db
    .insert(crossTrades)
    .values({
      providerId,
      sourceChainId: deposit.sourceChainId,
      destinationChainId: deposit.destinationChainId,
      originTxHash: deposit.originTxHash.toLowerCase(),
      state: 'PENDING',
      receivedDifferentTokens: false,
      sender: deposit.sender,
      receiver: deposit.receiver,
      tokenIn: deposit.tokenIn,
      tokenOut: deposit.tokenOut,
      amountIn: deposit.amountIn,
      paidAt: deposit.observedAt,
      blockTimestamp: deposit.observedAt,
      refundAddress: deposit.refundAddress,
      quotedAmountIn: quote?.amountIn ?? null,
      quoteExpiresAt: quote?.expiresAt ?? null,
    })
    .onConflictDoNothing({ target: [crossTrades.sourceChainId, crossTrades.originTxHash] })
    .returning({ id: crossTrades.id })
  return inserted.length > 0
}

/** The deposits of `providerId` on `sourceChainId` seen in the mempool that the network has not observed yet. */
export async function listUnconfirmedDeposits(
  db: Db,
  params: { providerId: string; sourceChainId: number },
): Promise<CrossTrade[]> {
  return db
    .select()
    .from(crossTrades)
    .where(
      and(
        eq(crossTrades.providerId, params.providerId),
        eq(crossTrades.sourceChainId, params.sourceChainId),
        eq(crossTrades.state, 'PENDING'),
        isNotNull(crossTrades.paidAt),
      ),
    )
}

/**
 * Deletes a deposit seen in the mempool that left it without confirming (replaced or dropped), only while the
 * network has still not observed it (a row it moved on meanwhile stays). Returns whether it was deleted.
 */
export async function deleteUnconfirmedDeposit(
  db: Db,
  params: { sourceChainId: number; originTxHash: string },
): Promise<boolean> {
  const deleted = await db
    .delete(crossTrades)
    .where(
      and(
        eq(crossTrades.sourceChainId, params.sourceChainId),
        eq(crossTrades.originTxHash, params.originTxHash.toLowerCase()),
        eq(crossTrades.state, 'PENDING'),
        isNotNull(crossTrades.paidAt),
      ),
    )
    .returning({ id: crossTrades.id })
  return deleted.length > 0
}
