import type { ChainDeployment, ExchangeInfo } from '../chains/deployment'

/**
 * What answering a single-chain quote reads of its chain besides the routes and the request's USD prices:
 * fixed for a deployment (a `ChainDeployment` is one), so a routing worker is sent it once per chain.
 */
export interface ChainQuoteView {
  readonly chainId: number
  readonly aggregator: ChainDeployment['aggregator']
  readonly exchanges: readonly Pick<ExchangeInfo, 'id' | 'name' | 'logo'>[]
  /** The listed tokens that take a transfer tax, lower-cased (see `swapGasPathKey`). */
  readonly taxedTokens: readonly string[]
}

/** The view of `deployment` as it crosses to a routing worker: only the fields quotes read. */
export function chainQuoteViewOf(deployment: ChainDeployment): ChainQuoteView {
  return {
    chainId: deployment.chainId,
    aggregator: deployment.aggregator,
    exchanges: deployment.exchanges.map(({ id, name, logo }) => ({ id, name, ...(logo ? { logo } : {}) })),
    taxedTokens: deployment.tokens
      .filter((t) => (t.transferFeeBps ?? 0) > 0)
      .map((t) => t.address.toLowerCase()),
  }
}
