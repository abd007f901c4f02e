import { AppError } from '../errors'
import type { CrossChainProvider, ProviderTransferState } from '../providers/types'
import {
  type CrossTrade,
  type CrossTradeStatus,
  getCrossTradeByOrigin,
  recordCrossTradeStatus,
} from '../store/crossTrades'
import type { CrossServices } from './crossServices'

/**
 * `GET /trade/v1/info/tx/{txHash}`: the cross-chain trade started by an origin transaction. A trade the store
 * holds as DELIVERED or FAILED is answered from it; otherwise the providers are asked (the one that recorded
 * it first) and their answer is recorded, so the trade is followed from then on even if nobody asks again.
 * When no provider answers, the stored state stands. 404 NOT_FOUND when neither knows the hash.
 */
export async function getCrossTx(services: CrossServices, txHash: string) {
  // The store is the trade's record, not its source of truth: when it cannot be read, the chains still answer.
  const stored = await getCrossTradeByOrigin(services.store.db, txHash).catch(() => undefined)
  if (stored !== undefined && (stored.state === 'DELIVERED' || stored.state === 'FAILED')) {
    const provider = services.providers.find((p) => p.id === stored.providerId)
    if (provider !== undefined) return fromStored(stored, provider)
  }
  const providers = [...services.providers].sort(
    (a, b) => Number(b.id === stored?.providerId) - Number(a.id === stored?.providerId),
  )
  for (const provider of providers) {
    const record = await provider.track(txHash).catch(() => undefined)
    if (record === undefined) continue
    const status = { providerId: provider.id, ...record }
    const row = await recordCrossTradeStatus(services.store.db, status).catch(() => undefined)
    return { ...fromStored(row ?? toRow(status), provider), srcTxHash: record.originTxHash }
  }
  const provider = services.providers.find((p) => p.id === stored?.providerId)
  if (stored !== undefined && provider !== undefined) return fromStored(stored, provider)
  throw new AppError('NOT_FOUND', `No cross-chain trade has origin transaction ${txHash}`, {
    details: { txHash },
  })
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

/** The compatible API's answer for a stored trade. */
function fromStored(row: Pick<CrossTrade, AnswerField>, provider: CrossChainProvider) {
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
  }
}
