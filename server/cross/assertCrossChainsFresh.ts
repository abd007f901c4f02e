import { AppError } from '../errors'

/** What the check reads of a chain's market: its pool snapshot, which throws 503 once stale (`getSnapshot`). */
interface FreshnessSource {
  readonly chainId: number
  getSnapshot(): unknown
}

/**
 * Applies the single-chain staleness rule to both sides of a cross-chain trade: when the node of the source
 * or destination chain misses its liveness read, or its reads have failed for longer than
 * `getSnapshotMaxAgeMs`, its market's
 * `getSnapshot` throws `UPSTREAM_UNAVAILABLE` (503), and so does this, at once, before any provider is asked
 * (a provider would otherwise wait on the frozen node until its timeout, or quote from pre-outage state). A
 * chain still loading its first snapshot throws `CHAIN_LOADING` (503) likewise: its swaps, prices and the
 * providers' tracking all read that snapshot. Chains without a market (UTXO, Cosmos) are left to the providers.
 */
export function assertCrossChainsFresh(
  markets: { all(): readonly FreshnessSource[] },
  chainIds: readonly number[],
): void {
  for (const chainId of chainIds) {
    const market = markets.all().find((m) => m.chainId === chainId)
    try {
      market?.getSnapshot()
    } catch (error: unknown) {
      if (
        error instanceof AppError &&
        (error.code === 'UPSTREAM_UNAVAILABLE' || error.code === 'CHAIN_LOADING')
      )
        throw error
    }
  }
}
