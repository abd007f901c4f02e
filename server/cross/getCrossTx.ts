import type { Hex } from 'viem'
import { AppError } from '../errors'
import { toDepositPayment } from '../history/toDepositPayment'
import { findOriginReceipt } from '../providers/findOriginReceipt'
import type {
  CrossChainProvider,
  ProviderSubStatus,
  ProviderTransferState,
  TrackHint,
} from '../providers/types'
import {
  type CrossTrade,
  type CrossTradeStatus,
  getCrossTradeByOrigin,
  recordCrossTradeStatus,
} from '../store/crossTrades'
import type { RecentMisses } from './createRecentMisses'
import type { CrossServices } from './crossServices'

/** How long a hash no provider knows is answered 404 without asking upstream again. */
export const TX_MISS_TTL_MS = 30_000
/**
 * How many such hashes are remembered (least recently missed first out): 10,000 keys of 66 characters, about
 * 2 MB at most, so a flood of distinct junk hashes costs bounded memory (and each one costs its lookup once).
 */
export const TX_MISS_MAX_ENTRIES = 10_000

/**
 * `GET /trade/v1/info/tx/{txHash}`: the cross-chain trade started by an origin transaction, only when it is one
 * of ours (each provider's `track` decides: our entry contracts' send events, the liquidity network's rule).
 * A trade the store holds is answered from it with no upstream call (the trade follower keeps open ones
 * current). Otherwise, unless `misses` remembers the hash, an EVM-shaped hash's receipt is looked up on every
 * EVM chain the providers serve at once (`findOriginReceipt`: a short timeout per chain, the first hit wins)
 * and handed to each provider, which then makes no lookup of its own; the first provider that knows the trade
 * answers and its answer is recorded, so the trade is followed from then on. A hash nobody knows (a foreign
 * deposit, junk, a transaction not yet mined or observed) is remembered in `misses` and answers 404 NOT_FOUND.
 */
export async function getCrossTx(services: CrossServices, txHash: string, misses: RecentMisses) {
  // The store is the trade's record, not its source of truth: when it cannot be read, the chains still answer.
  const stored = await getCrossTradeByOrigin(services.store.db, txHash).catch(() => undefined)
  const storedProvider = services.providers.find((p) => p.id === stored?.providerId)
  if (stored !== undefined && storedProvider !== undefined) return fromStored(stored, storedProvider)
  if (misses.has(txHash)) throw notFound(txHash)
  const hint: TrackHint = {
    origin: /^0x[0-9a-fA-F]{64}$/.test(txHash)
      ? await findOriginReceipt(evmChainsOf(services), txHash as Hex)
      : undefined,
  }
  for (const provider of services.providers) {
    const record = await provider.track(txHash, hint).catch(() => undefined)
    if (record === undefined) continue
    const status = { providerId: provider.id, ...record }
    const row = await recordCrossTradeStatus(services.store.db, status).catch(() => undefined)
    return { ...fromStored(row ?? toRow(status), provider), srcTxHash: record.originTxHash }
  }
  misses.add(txHash)
  throw notFound(txHash)
}

const notFound = (txHash: string) =>
  new AppError('NOT_FOUND', `No cross-chain trade has origin transaction ${txHash}`, { details: { txHash } })

/** The EVM chains some provider serves and the markets hold: where an origin receipt may be. */
function evmChainsOf(services: CrossServices) {
  const served = new Set(services.providers.flatMap((p) => p.chainIds))
  return services.markets
    .all()
    .filter((market) => served.has(market.chainId))
    .map((market) => ({ chainId: market.chainId, client: market.client }))
}

const transferStates: readonly ProviderTransferState[] = ['PENDING', 'INFLIGHT', 'DELIVERED', 'FAILED']

function toTransferState(state: string): ProviderTransferState {
  const known = transferStates.find((s) => s === state)
  if (known === undefined) throw new Error(`stored cross trade has an unknown state ${state}`)
  return known
}

/** A provider's answer in the store's shape, for when it could not be stored. */
function toRow(status: CrossTradeStatus): Pick<CrossTrade, AnswerField> {
  return {
    originTxHash: status.originTxHash,
    destinationTxHash: status.destinationTxHash ?? null,
    sourceChainId: status.sourceChainId,
    destinationChainId: status.destinationChainId,
    state: status.state,
    amountReceived: status.amountReceived ?? null,
    tokenReceived: status.tokenReceived ?? null,
    receivedDifferentTokens: status.receivedDifferentTokens,
    refunded: status.refunded ?? false,
    subStatus: status.subStatus ?? null,
    amountIn: null,
    paidAt: null,
    quotedAmountIn: null,
    quoteExpiresAt: null,
    refundAddress: null,
  }
}

type AnswerField =
  | 'originTxHash'
  | 'destinationTxHash'
  | 'sourceChainId'
  | 'destinationChainId'
  | 'state'
  | 'amountReceived'
  | 'tokenReceived'
  | 'receivedDifferentTokens'
  | 'refunded'
  | 'subStatus'
  | 'amountIn'
  | 'paidAt'
  | 'quotedAmountIn'
  | 'quoteExpiresAt'
  | 'refundAddress'

/**
 * The compatible API's answer for a stored trade; a deposit the network observed adds its `payment` (what was
 * actually paid and when, against the quote), a trade in flight that waits for someone to act its `subStatus`.
 */
function fromStored(row: Pick<CrossTrade, AnswerField>, provider: CrossChainProvider) {
  const payment = toDepositPayment(row)
  return {
    srcTxHash: row.originTxHash,
    dstTxHash: row.destinationTxHash,
    srcChainId: row.sourceChainId,
    dstChainId: row.destinationChainId,
    status: toTransferState(row.state),
    amountReceived: row.amountReceived?.toString() ?? null,
    tokenReceived: row.tokenReceived,
    tradeProtocol: provider.tradeProtocol,
    receivedDifferentTokens: row.receivedDifferentTokens,
    refunded: row.refunded,
    providerInfo: provider.info,
    ...(payment === undefined ? {} : { payment }),
    ...(row.state === 'INFLIGHT' && isSubStatus(row.subStatus) ? { subStatus: row.subStatus } : {}),
  }
}

const subStatuses: readonly ProviderSubStatus[] = ['COMPOSE_FAILED']

function isSubStatus(value: string | null): value is ProviderSubStatus {
  return subStatuses.some((s) => s === value)
}
