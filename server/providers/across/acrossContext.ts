import type { ChainDeployment } from '../../chains/deployment'
import type { Markets } from '../../market/createMarkets'

/** What the Across provider's parts share: the chains it serves, their markets and the clock. */
export interface AcrossContext {
  markets: Markets
  /** Unix seconds. */
  now: () => number
  /** The deployments with an Across SpokePool. */
  served: readonly ChainDeployment[]
  /** The served deployment of `chainId`, if any. */
  deploymentOf: (chainId: number) => ChainDeployment | undefined
  /** Where `track` starts scanning `chainId`'s logs: `earliestBlock`, within the window below the snapshot's head. */
  trackFromBlock: (chainId: number, earliestBlock: bigint) => bigint
}
