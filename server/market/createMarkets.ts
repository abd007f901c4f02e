import type { ChainDeployment } from '../chains/deployment'
import { AppError } from '../errors'
import { createPoolSnapshotFiles } from '../pools/createPoolSnapshotFiles'
import type { QuoteEngine } from '../quoteEngine/quoteEngine'
import { type ChainMarket, createChainMarket } from './createChainMarket'

export interface Markets {
  /** The market of a supported chain; throws UNSUPPORTED_CHAIN otherwise. */
  get(chainId: number): ChainMarket
  all(): readonly ChainMarket[]
  /** Loads every chain's pools; resolves when all have a first snapshot. */
  start(): Promise<void>
  stop(): void
}

export interface CreateMarketsParams {
  deployments: readonly ChainDeployment[]
  pollIntervalMs: number
  /** Follow new heads by subscription where a deployment has a `wsUrl` (see `createChainMarket`). */
  followHeads?: boolean
  /** Watch each node with a short liveness read (the server does; default off; see `createChainMarket`). */
  watchLiveness?: boolean
  /** A chain's node stopped answering (once per outage, with the first error). */
  onChainDown?: (chainId: number, error: unknown) => void
  /** A chain's node answers again. */
  onChainUp?: (chainId: number) => void
  /** A chain reorganised under its snapshot: its pools went back from block `from` to `to` (see `PoolSyncOptions`). */
  onChainRollback?: (chainId: number, rollback: { from: bigint; to: bigint | undefined }) => void
  /** What routes every chain's quotes (e.g. the routing workers); by default each market's own on the event loop. */
  quoteEngine?: QuoteEngine
  /**
   * Where each chain's pool snapshots are kept across restarts (`createPoolSnapshotFiles`): a start then replays
   * the blocks since the newest one still on its chain instead of reading every pool. None kept when omitted.
   */
  snapshotDir?: string
  /** Keeping a chain's pool snapshot failed (it is read from the chain at the next start). */
  onKeepError?: (chainId: number, error: unknown) => void
}

/** One `ChainMarket` per deployment, started and stopped together. */
export function createMarkets(params: CreateMarketsParams): Markets {
  const { deployments, pollIntervalMs } = params
  const markets = new Map(
    deployments.map((deployment) => [
      deployment.chainId,
      createChainMarket({
        deployment,
        pollIntervalMs,
        followHeads: params.followHeads ?? false,
        watchLiveness: params.watchLiveness ?? false,
        onDown: (error) => params.onChainDown?.(deployment.chainId, error),
        onUp: () => params.onChainUp?.(deployment.chainId),
        onRollback: (rollback) => params.onChainRollback?.(deployment.chainId, rollback),
        ...(params.quoteEngine ? { quoteEngine: params.quoteEngine } : {}),
        ...(params.snapshotDir === undefined
          ? {}
          : { keptSnapshots: createPoolSnapshotFiles({ dir: params.snapshotDir, deployment }) }),
        onKeepError: (error) => params.onKeepError?.(deployment.chainId, error),
      }),
    ]),
  )
  return {
    get(chainId) {
      const market = markets.get(chainId)
      if (!market) throw new AppError('UNSUPPORTED_CHAIN', `Chain ${chainId} is not supported`)
      return market
    },
    all: () => [...markets.values()],
    async start() {
      await Promise.all([...markets.values()].map((m) => m.start()))
    },
    stop() {
      for (const m of markets.values()) m.stop()
    },
  }
}
