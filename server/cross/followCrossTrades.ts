import { createPollLoop, type PollLoop } from '../createPollLoop'
import type { Logger } from '../logger'
import type { CrossChainProvider, ProviderObservedDeposit } from '../providers/types'
import type { Store } from '../store/createStore'
import { listOpenCrossTrades, recordCrossTradeStatus, touchCrossTrades } from '../store/crossTrades'
import { recordObservedDeposit } from '../store/recordObservedDeposit'
import { type MempoolNode, syncMempoolDeposits } from './syncMempoolDeposits'

/**
 * One round of the cross-chain trade follower: stores the deposits the providers' networks observed lately
 * (`storeObservedDeposits`), then takes the `batch` open trades (PENDING or INFLIGHT, and those
 * finished within `recheckFinishedMs`) looked at least recently, asks each one's provider where it stands, and records changes. A provider that fails or does
 * not know the trade yet leaves it as it is until the next round. Returns how many trades changed state.
 */
export async function syncCrossTradeStatuses(params: {
  store: Store
  providers: readonly CrossChainProvider[]
  batch?: number
  /**
   * Trades that finished this recently are asked again too, and may change: a reorg (or a devnet chain restarted
   * from its last save) can take a delivery away, and the provider then answers in flight, or a new delivery.
   */
  recheckFinishedMs?: number
  now?: () => number
  /** The deposits recorded in earlier rounds as they were (see `createSeenDeposits`): not recorded again unchanged. */
  seenDeposits?: SeenDeposits
  /** Told of a provider whose deposits could not be read or stored (it is asked again next round). */
  logger?: Logger
}): Promise<{ checked: number; changed: number; deposits: number }> {
  const deposits = await storeObservedDeposits(params)
  const since =
    params.recheckFinishedMs === undefined
      ? undefined
      : new Date((params.now ?? Date.now)() - params.recheckFinishedMs)
  const open = await listOpenCrossTrades(params.store.db, {
    limit: params.batch ?? 20,
    ...(since === undefined ? {} : { finishedSince: since }),
  })
  await touchCrossTrades(
    params.store.db,
    open.map((trade) => trade.id),
  )
  let changed = 0
  for (const trade of open) {
    const provider = params.providers.find((p) => p.id === trade.providerId)
    const record = await provider?.track(trade.originTxHash).catch(() => undefined)
    if (provider === undefined || record === undefined) continue
    const row = await recordCrossTradeStatus(
      params.store.db,
      { providerId: provider.id, ...record },
      since === undefined ? {} : { recheckFinishedSince: since },
    )
    if (row.state !== trade.state || row.destinationTxHash !== trade.destinationTxHash) changed += 1
  }
  return { checked: open.length, changed, deposits }
}

/** What each deposit recorded lately looked like, by origin hash (see `syncCrossTradeStatuses`). */
export interface SeenDeposits {
  /** Whether `deposit` was recorded as it is now, in an earlier round. */
  has(deposit: ProviderObservedDeposit): boolean
  add(deposit: ProviderObservedDeposit): void
}

/**
 * A memory of the last `capacity` deposits recorded (newest kept), so a round stores only deposits that are new
 * or changed: the network lists the same recent deposits round after round.
 */
export function createSeenDeposits(capacity = 1_000): SeenDeposits {
  const seen = new Map<string, string>()
  const print = (deposit: ProviderObservedDeposit) =>
    JSON.stringify(deposit, (_key, value) => (typeof value === 'bigint' ? value.toString() : value))
  return {
    has: (deposit) => seen.get(deposit.originTxHash) === print(deposit),
    add(deposit) {
      seen.delete(deposit.originTxHash)
      seen.set(deposit.originTxHash, print(deposit))
      if (seen.size > capacity) seen.delete(seen.keys().next().value as string)
    },
  }
}

/**
 * Stores the deposits each provider's network observed lately (`findDeposits`: UTXO and Cosmos payments to its
 * vaults, which no watcher of ours sees on chain), from their first sighting, with what was paid, but those
 * `seenDeposits` holds unchanged; a provider that fails is asked again next round. Returns how many deposits
 * were stored.
 */
async function storeObservedDeposits(params: {
  store: Store
  providers: readonly CrossChainProvider[]
  seenDeposits?: SeenDeposits
  logger?: Logger
}): Promise<number> {
  let count = 0
  for (const provider of params.providers) {
    if (provider.findDeposits === undefined) continue
    try {
      for (const deposit of await provider.findDeposits()) {
        if (params.seenDeposits?.has(deposit)) continue
        await recordObservedDeposit(params.store.db, provider.id, deposit)
        params.seenDeposits?.add(deposit)
        count += 1
      }
    } catch (error: unknown) {
      params.logger?.warn('observed deposits not stored this round', { err: error, provider: provider.id })
    }
  }
  return count
}

/**
 * Starts the follower of cross-chain trades: every `intervalMs` one round of `syncCrossTradeStatuses`, so the
 * store (and `info/tx`, the trade list, the history) tracks a trade to DELIVERED or FAILED without anyone
 * polling; with `mempools`, each round first stores the deposits seen in the UTXO chains' mempools
 * (`syncMempoolDeposits`), so a deposit is listed from its broadcast, before any block holds it. The state lives
 * in the store, so a restarted server resumes with every open trade.
 */
export function followCrossTrades(params: {
  store: Store
  providers: readonly CrossChainProvider[]
  logger: Logger
  intervalMs: number
  /** See `syncCrossTradeStatuses`. */
  recheckFinishedMs?: number
  /** The liquidity network's provider and the nodes of the UTXO chains whose mempools are watched for its deposits. */
  mempools?: {
    provider: Parameters<typeof syncMempoolDeposits>[0]['provider']
    nodes: readonly MempoolNode[]
    now?: () => number
  }
}): PollLoop {
  const log = params.logger.child({ component: 'cross-trade-follower' })
  const seenDeposits = createSeenDeposits()
  const examined = new Map<number, Set<string>>()
  const { mempools } = params
  return createPollLoop({
    intervalMs: params.intervalMs,
    onError: (error) => log.warn('cross-chain trade follow-up failed', { err: error }),
    async step() {
      if (mempools !== undefined)
        // THORNode not answering the vaults leaves the mempools unread this round, not the follow-up
        await syncMempoolDeposits({
          store: params.store,
          provider: mempools.provider,
          nodes: mempools.nodes,
          examined,
          now: mempools.now ?? Date.now,
          logger: log,
        }).catch((error: unknown) => log.warn('mempools not read this round', { err: error }))
      const { changed } = await syncCrossTradeStatuses({ ...params, logger: log, seenDeposits })
      if (changed > 0) log.info('cross-chain trades moved on', { changed })
      return 'idle'
    },
  })
}
