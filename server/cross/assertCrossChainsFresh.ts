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
 * (a provider would otherwise wait on the frozen node until its timeout, or quote from pre-outage state).
 * Chains without a market (UTXO, Cosmos) and a market still loading its first snapshot are left to the
 * providers: a provider that needs that chain's pools (a swap leg, a tracking range) fails with the market's
 * `CHAIN_LOADING`, which the answer carries when no provider quotes (`noCrossQuoteError`), while one that does
 * not (a native coin deposited as it is) still quotes.
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
      if (error instanceof AppError && error.code === 'UPSTREAM_UNAVAILABLE') throw error
    }
  }
}
