import type { Address } from 'viem'
import type { ChainDeployment } from '../../chains/deployment'
import type { Markets } from '../../market/createMarkets'

/** What the Stargate provider's parts share: the chains it serves, their markets, the clock and a cache. */
export interface StargateContext {
  markets: Markets
  /** Unix seconds. */
  now: () => number
  /** The deployments with Stargate and LayerZero. */
  served: readonly ChainDeployment[]
  /** The served deployment of `chainId`, if any. */
  deploymentOf: (chainId: number) => ChainDeployment | undefined
  /** Where `track` starts scanning `chainId`'s logs: `earliestBlock`, within the window below the snapshot's head. */
  trackFromBlock: (chainId: number, earliestBlock: bigint) => bigint
  /** The shared decimals of a Stargate pool (`createSharedDecimalsReader`). */
  readSharedDecimals: (chainId: number, pool: Address) => Promise<number>
}
