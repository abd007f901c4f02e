import { AppError } from '../errors'
import type { ProviderRetryTransaction } from '../providers/types'
import { getCrossTradeByOrigin } from '../store/crossTrades'
import type { CrossServices } from './crossServices'

/**
 * `GET /trade/v1/info/tx/{txHash}/retry`: the transaction anyone may send to move the cross-chain trade started by
 * `txHash` on when it is stuck (a LayerZero compose that reverted: `CrossChainProvider.buildRetry`), read from the
 * chains now. The stored trade's provider is asked, or, for a trade not stored, every provider that retries.
 * Throws `AppError` NOT_FOUND when nothing of the trade waits to be retried (delivered, still under way, unknown,
 * not ours), and what a provider throws.
 */
export async function getCrossRetry(
  services: CrossServices,
  txHash: string,
): Promise<ProviderRetryTransaction> {
  const stored = await getCrossTradeByOrigin(services.store.db, txHash).catch(() => undefined)
  const providers =
    stored === undefined ? services.providers : services.providers.filter((p) => p.id === stored.providerId)
  for (const provider of providers) {
    const retry = await provider.buildRetry?.(txHash)
    if (retry !== undefined) return retry
  }
  throw new AppError('NOT_FOUND', `Cross-chain trade ${txHash} has nothing to retry`, { details: { txHash } })
}
