import type { Address } from 'viem'
import type { ChainDeployment } from '../../chains/deployment'
import type { RecentValue } from '../../createRecentValue'
import type { Markets } from '../../market/createMarkets'
import type { MemoRegistrar } from './createMemoRegistrar'
import type {
  ThorchainTxClient,
  ThornodeClient,
  ThornodeInboundAddress,
  ThornodePool,
} from './createThornodeClient'

/** What the liquidity-network provider's parts share: THORNode, the served chains, EVM markets, the clock. */
export interface ThorchainContext {
  client: ThornodeClient
  /** EVM deployments (`liquidityEntry`, wrapped native) and their pool snapshots, for ERC-20 sources. */
  deployments: readonly ChainDeployment[] | undefined
  markets: Markets | undefined
  /** Unix seconds. */
  now: () => number
  /** The served chains: as given or read, else every chain the network may serve (answered through THORNode). */
  chains: () => readonly number[]
  /** True once the served chains are known (given, or read from THORNode's inbound addresses). */
  chainsKnown: () => boolean
  /** The liquidity network's router per EVM chain as the configuration pins it; deposits go through no other. */
  pinnedRouters: ReadonlyMap<number, Address>
  /** A second source of the inbound addresses (`thornodeCheckUrl`): a deposit's vault must agree with it. */
  inboundCheck: Pick<ThornodeClient, 'inboundAddresses'> | undefined
  /**
   * THORNode's inbound addresses, refused (AppError UPSTREAM_REFUSED) when one names a router other than a pinned
   * one; the first answer sets the served chains when they were not given.
   */
  readInbound: (signal?: AbortSignal) => Promise<ThornodeInboundAddress[]>
  /** The network's pools a moment old, for USD prices only (never a settlement amount). */
  pricingPools: RecentValue<ThornodePool[]>
  /** Deposits without a memo: the registrar of their memos and THORNode's reading of their amounts; absent: none. */
  memoless: { registrar: MemoRegistrar; client: Pick<ThorchainTxClient, 'referenceCheck'> } | undefined
}
