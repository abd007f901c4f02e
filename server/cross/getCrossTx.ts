import { AppError } from '../errors'
import type { CrossServices } from './crossServices'

/**
 * `GET /trade/v1/info/tx/{txHash}`: the cross-chain trade started by an origin transaction, as the first
 * provider that knows the hash reports it (`PENDING | INFLIGHT | DELIVERED | FAILED`, both hashes, the amount
 * received). 404 NOT_FOUND when no provider has seen it (yet).
 */
export async function getCrossTx(services: CrossServices, txHash: string) {
  for (const provider of services.providers) {
    const record = await provider.track(txHash).catch(() => undefined)
    if (record === undefined) continue
    return {
      srcTxHash: record.originTxHash,
      dstTxHash: record.destinationTxHash ?? null,
      srcChainId: record.sourceChainId,
      dstChainId: record.destinationChainId,
      status: record.state,
      amountReceived: record.amountReceived?.toString() ?? null,
      tradeProtocol: provider.tradeProtocol,
      receivedDifferentTokens: record.receivedDifferentTokens,
      refunded: record.refunded ?? false,
      providerInfo: provider.info,
    }
  }
  throw new AppError('NOT_FOUND', `No cross-chain trade has origin transaction ${txHash}`, {
    details: { txHash },
  })
}
