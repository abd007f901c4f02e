import {
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type Log,
  type PublicClient,
  toEventSelector,
} from 'viem'
import type { ChainDeployment } from '../chains/deployment'
import {
  getPoolKind,
  type PoolDescriptor,
  type PoolState,
  poolKindIds,
  poolKinds,
} from '../poolKinds/poolKinds'
import { createBoundedPoolReader } from './createBoundedPoolReader'
import { createPoolIndex, type PoolIndex, replacePoolStates } from './createPoolIndex'
import type { PoolSnapshotFiles } from './createPoolSnapshotFiles'
import type { PoolLoadProgress } from './poolLoadProgress'
import { createPoolSnapshot, type PoolSnapshot } from './poolSnapshot'

/** Past this many blocks behind, a running sync reads everything again instead of replaying logs. */
const DEFAULT_MAX_REPLAY_BLOCKS = 2_000n

/**
 * A kept snapshot at most this many blocks behind the head is replayed at a start (logs in spans a node accepts);
 * an older one is read again whole.
 */
const MAX_RESTORE_BLOCKS = 10_000n

/**
 * With kept snapshots, a full read is made up to this many blocks below the head (the deepest the node holds the
 * state of): a block 8 deep is still on the chain at the next start but for a deep reorg; a devnet loaded from a
 * saved chain holds the states from the saved block on, so its restarts find that block again.
 */
const KEPT_DEPTH = 8n

/** How often, with kept snapshots, the oldest snapshot of the history is kept (a serialization on this thread). */
const KEEP_EVERY_MS = 5 * 60_000

/**
 * Snapshots of the last this many blocks are kept: a reorg up to this deep rolls back to the newest block both
 * chains share and replays the new chain's logs from there (deeper: everything is read again).
 */
const HISTORY_BLOCKS = 64n

/** A chain head as the sync compares it with its snapshots. */
interface ChainHead {
  number: bigint
  hash: Hash
  parentHash: Hash
}

/**
 * An announced head further than this past the snapshot is ignored: between two polls a chain moves a few
 * blocks, while a number read from the wrong answer (a gas price, a timestamp) is far ahead.
 */
const MAX_ANNOUNCED_AHEAD = 64n

/** An announced head that no refresh has settled after this long stops making quotes wait (a hung node). */
const ANNOUNCED_HEAD_TTL_MS = 3_000

/**
 * Node reads of pools loaded in part (concentrated pools' ticks away from their price) made before the first
 * snapshot (the small devnet market's pools, some 12,600 bitmap words a chain, are all read), then after every
 * refresh, the ticks nearest each pool's price first: 1,024 words cost this thread about 16 ms (the large devnet
 * market's chain 1 and Arbitrum completing together: 58 ms of it a second against 25 ms idle).
 */
const DEFAULT_COMPLETION = { readsAtLoad: 16_384, readsPerRefresh: 1_024 }

export interface PoolSyncOptions {
  deployment: ChainDeployment
  pollIntervalMs: number
  /** A background refresh failed (the node did not answer, a read failed). */
  onError?: (error: unknown) => void
  /** A background refresh succeeded: the snapshot matches the node's head. */
  onRefresh?: () => void
  /** Clock, ms (default `Date.now`): when an announced head expires. */
  now?: () => number
  /**
   * Watch the node apart from the refreshes: every `intervalMs`, `readHead` (the node's head) gets `timeoutMs`
   * to answer. A refresh on a frozen node hangs until the client's own timeout (seconds), so the poll alone
   * would notice an outage late; this read notices it within `intervalMs + timeoutMs`. Off when omitted.
   */
  liveness?: { intervalMs: number; timeoutMs: number; readHead: () => Promise<bigint> }
  /** A liveness read failed or missed its deadline (called for every miss). */
  onUnreachable?: (error: unknown) => void
  /** A liveness read answered, with the node's head (called for every answer). */
  onReachable?: (head: bigint) => void
  /**
   * The snapshot's block left the chain (a reorg, or a head below it): the sync went back from block `from` to
   * `to`, the newest kept block still on the chain, and replayed the new chain from there; `to` is undefined when
   * no kept block was (the fork is older than the kept history) and everything was read again.
   */
  onRollback?: (rollback: { from: bigint; to: bigint | undefined }) => void
  /**
   * Snapshots kept across restarts: the first refresh starts from the newest kept one still on the chain (and
   * replays up to `MAX_RESTORE_BLOCKS` since), instead of reading every pool again. A full read is then made
   * up to `KEPT_DEPTH` blocks below the head (replayed to it) and kept; every `KEEP_EVERY_MS` the oldest snapshot of
   * the history (64 blocks deep) is kept too, and the snapshot whose pools the completion (`completion`) has read in
   * full.
   */
  kept?: PoolSnapshotFiles
  /** Keeping a snapshot failed (the sync goes on; the next start reads the chain again). */
  onKeepError?: (error: unknown) => void
  /** The first load moved on (see `getLoadProgress`); called with `ready` once, when its snapshot exists. */
  onLoadProgress?: (progress: PoolLoadProgress) => void
  /**
   * Node reads (`PoolKind.completePoolStates`) of the pools read in part: at most `readsAtLoad` before the first
   * snapshot, `readsPerRefresh` after each refresh (default 16,384 and 1,024).
   */
  completion?: { readsAtLoad: number; readsPerRefresh: number }
  /** Past this many blocks behind, a refresh reads everything again instead of replaying logs (default 2,000). */
  maxReplayBlocks?: bigint
}

export interface PoolSync {
  /** Loads every pool at the current head; resolves when the first snapshot exists. */
  start(): Promise<void>
  stop(): void
  /** The newest snapshot. Throws if `start` has not resolved. */
  getSnapshot(): PoolSnapshot
  /**
   * How far the first load is (`ready` once the first snapshot exists, with the reads left of pools loaded in part):
   * counted from what the load reads anyway (log spans answered, exchanges' pools read), no call of its own.
   */
  getLoadProgress(): PoolLoadProgress
  /**
   * Refreshes now (normally the poll loop does it); resolves with the snapshot of a refresh that started
   * after this call (so a caller that just changed the chain never gets an older answer).
   */
  refresh(): Promise<PoolSnapshot>
  /** Resolves once the snapshot has reached `blockNumber` (refreshing as needed). */
  waitForBlock(blockNumber: bigint, timeoutMs?: number): Promise<PoolSnapshot>
  /**
   * A new chain head was announced (by a block subscription, or an answer the RPC proxy relayed): refreshes at
   * once, reporting to `onError` / `onRefresh` like the poll loop, and makes `getFreshSnapshot` wait for that
   * block. A hint, not a fact: a head more than 64 blocks past the snapshot is ignored, one the node's head
   * is still below after that refresh is dropped, and one no refresh settles stops counting after 3 s.
   */
  announceHead(blockNumber: bigint): void
  /** The announced head `getFreshSnapshot` would wait for now, or undefined when it answers at once. */
  getAwaitedHead(): bigint | undefined
  /**
   * The newest snapshot, or, while an announced head is awaited (see `getAwaitedHead`), the snapshot of the
   * refresh that announcement started (waiting at most `maxWaitMs`, then answering with the newest one).
   */
  getFreshSnapshot(maxWaitMs: number): Promise<PoolSnapshot>
  /**
   * Follows `token` as if the deployment listed it: pools its factories create from now on between it and a
   * followed token are followed, and a full load (a restart, a deep reorg) finds its pools among the creation
   * logs. Imported tokens (`adoptToken`) come in this way.
   */
  followToken(token: Address): void
  /**
   * Follows `pools` (found without their creation logs, e.g. by `PoolKind.poolsOfToken`) from the next refresh on,
   * which it starts: resolves with the first snapshot that holds them all, their states read at its block. They
   * stay followed (a rollback to a block before them reads them again).
   */
  followPools(pools: readonly PoolDescriptor[]): Promise<PoolSnapshot>
}

/**
 * Keeps one chain's pool snapshot current: a full load at start, then per new block the factory
 * events (new pools) and the pools' Sync/Swap/Mint/Burn logs, applied to a new immutable snapshot. Pools a kind
 * reads in part (concentrated pools: the ticks around the price) are completed a bounded batch after each refresh,
 * at the snapshot's block, into a snapshot of the same block.
 * The snapshot's block hash is checked against the chain on every refresh: when the head is lower, or
 * the snapshot's block is no longer canonical (a reorg, or `evm_revert` followed by new blocks at the
 * same height), the sync goes back to the newest kept snapshot (the last 64 blocks') still on the chain and
 * replays the new chain's logs from there: work in what the reorg touched; only a fork older than that is read
 * again whole. Quotes read `getSnapshot()` and make no RPC call.
 */
export function createPoolSync(client: PublicClient, options: PoolSyncOptions): PoolSync {
  const {
    deployment,
    pollIntervalMs,
    now = Date.now,
    completion = DEFAULT_COMPLETION,
    maxReplayBlocks = DEFAULT_MAX_REPLAY_BLOCKS,
  } = options
  let snapshot: PoolSnapshot | undefined
  /** The snapshots of the last `HISTORY_BLOCKS` blocks, oldest first, the current one last. */
  let history: PoolSnapshot[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let livenessTimer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  /** The head last announced and not yet settled: `settled` resolves once the refresh it started ends. */
  let announced: { blockNumber: bigint; untilMs: number; settled: Promise<void> } | undefined
  /** The refresh under way (and the completion after it), settled once both are over; never rejects. */
  let inFlight: Promise<void> | undefined
  let queued: Promise<PoolSnapshot> | undefined
  let loadProgress: PoolLoadProgress = { status: 'loading', phase: 'starting' }
  /** Node reads left of the snapshot's pools read in part (`PoolKind.readsLeft`), as of the last completion. */
  let readsLeft = 0
  /** Records the first load's progress; later refreshes (the snapshot exists) go through the same code silently. */
  const reportLoad = (progress: PoolLoadProgress) => {
    if (snapshot !== undefined) return
    loadProgress = progress
    options.onLoadProgress?.(progress)
  }

  // pool reads in requests a node accepts, bounded and retried: at thousands of pools, not a flood
  const reader = createBoundedPoolReader(client)
  const selectorsOf = (events: (id: (typeof poolKindIds)[number]) => Abi): Hex[] => [
    ...new Set(
      poolKindIds.flatMap((id) =>
        events(id).flatMap((item) => (item.type === 'event' ? [toEventSelector(item)] : [])),
      ),
    ),
  ]
  const poolEventTopics = selectorsOf((id) => poolKinds[id].stateEvents)
  const creationTopics = selectorsOf((id) => poolKinds[id].creationEvents)
  const creationTopicSet = new Set<string>(creationTopics)
  const factories = deployment.exchanges.map((exchange) => exchange.factory)
  const factorySet = new Set(factories.map((f) => f.toLowerCase()))
  const knownTokens = new Set(deployment.tokens.map((t) => t.address.toLowerCase()))
  const isKnownToken = (token: Address) => knownTokens.has(token.toLowerCase())
  /** Pools followed by `followPools`, by id: each snapshot must hold them, whatever its base. */
  const adoptedPools = new Map<Address, PoolDescriptor>()

  /**
   * The pools that `creationLogs` (factory logs of `[fromBlock, toBlock]`, any factory's, in chain order; read
   * from every factory when not given) announce and `known` lacks, with their state at `toBlock`. A read of the
   * factories' logs (a full load's discovery) reports its progress (`reportLoad`): blocks scanned, then pools read.
   */
  async function loadNewPools(
    fromBlock: bigint,
    toBlock: bigint,
    known: { has(address: Address): boolean },
    creationLogs?: readonly Log[],
  ) {
    if (fromBlock > toBlock || factories.length === 0) return []
    const discovering = creationLogs === undefined
    const blocksToScan = Number(toBlock - fromBlock + 1n)
    if (discovering) reportLoad({ status: 'loading', phase: 'discovering', blocksScanned: 0, blocksToScan })
    const logs =
      creationLogs ??
      (await reader.getLogsByTopic({
        addresses: factories,
        topic0s: creationTopics,
        fromBlock,
        toBlock,
        onSpan: (to) =>
          reportLoad({
            status: 'loading',
            phase: 'discovering',
            blocksScanned: Number(to - fromBlock + 1n),
            blocksToScan,
          }),
      }))
    if (logs.length === 0) return []
    const found = deployment.exchanges.map((exchange) => {
      const kind = getPoolKind(exchange.kind)
      const factory = exchange.factory.toLowerCase()
      const own = logs.filter((log) => log.address.toLowerCase() === factory)
      const pools = kind
        .poolsFromCreationLogs(own, { exchange, isKnownToken, wrappedNative: deployment.wrappedNative })
        .filter((p) => !known.has(p.address))
      return { kind, pools }
    })
    const poolsToRead = found.reduce((sum, { pools }) => sum + pools.length, 0)
    let poolsRead = 0
    if (discovering) reportLoad({ status: 'loading', phase: 'reading', poolsRead, poolsToRead })
    const perExchange = await Promise.all(
      found.map(async ({ kind, pools }) => {
        if (pools.length === 0) return []
        const states = await kind.readPoolStates(reader, {
          pools,
          blockNumber: toBlock,
          multicallAddress: deployment.multicall3,
        })
        poolsRead += pools.length
        if (discovering) reportLoad({ status: 'loading', phase: 'reading', poolsRead, poolsToRead })
        return states
      }),
    )
    return perExchange.flat()
  }

  async function loadAll(head: bigint, blockHash: Hash): Promise<PoolSnapshot> {
    const states = await loadNewPools(BigInt(deployment.startBlock), head, new Set())
    return createPoolSnapshot({ chainId: deployment.chainId, blockNumber: head, blockHash, pools: states })
  }

  // the current snapshot's index, moved to the next snapshot when a block only changes pool states
  let index: PoolIndex | undefined
  const indexOf = (pools: readonly PoolState[]): PoolIndex => {
    if (index?.pools !== pools) index = createPoolIndex(pools)
    return index
  }

  async function advance(current: PoolSnapshot, head: bigint, blockHash: Hash): Promise<PoolSnapshot> {
    const fromBlock = current.blockNumber + 1n
    const known = indexOf(current.pools)
    const blocksToReplay = Number(head - fromBlock + 1n)
    reportLoad({ status: 'loading', phase: 'replaying', blocksReplayed: 0, blocksToReplay })
    const { creationLogs, poolLogs } = await readBlockLogs(known, fromBlock, head, (to) =>
      reportLoad({
        status: 'loading',
        phase: 'replaying',
        blocksReplayed: Number(to - fromBlock + 1n),
        blocksToReplay,
      }),
    )
    const [fresh, changed] = await Promise.all([
      loadNewPools(fromBlock, head, known.positions, creationLogs),
      applyLogs(known, poolLogs, head),
    ])
    const next = { chainId: deployment.chainId, blockNumber: head, blockHash }
    // nothing moved: the same pools list, so what routing memoized on it still holds
    if (changed.length === 0 && fresh.length === 0) return Object.freeze({ ...next, pools: current.pools })
    if (fresh.length === 0) {
      // states only: each in its place (the order is by address), the index carried over (refreshes run one at
      // a time, so `known` is still the current index)
      index = replacePoolStates(known, changed)
      return Object.freeze({ ...next, pools: index.pools })
    }
    return createPoolSnapshot({ ...next, pools: merged(current.pools, [...changed, ...fresh]) })
  }

  /**
   * The factories' creation logs and the followed pools' state logs in `[fromBlock, toBlock]`, in chain order,
   * from one query a block range: by the events' topics alone, naming no address, so the query's size does not
   * grow with the pools followed (naming 5,000 pools is a request of 200 KB, 50,000 one nodes refuse) and its
   * answer grows with the blocks' trades; the bounded reader splits a range whose answer a node refuses. The
   * same events of other contracts are dropped.
   */
  async function readBlockLogs(
    known: PoolIndex,
    fromBlock: bigint,
    toBlock: bigint,
    onSpan: (toBlock: bigint) => void,
  ) {
    const topic0s = [
      ...(factories.length === 0 ? [] : creationTopics),
      ...(known.addresses.length === 0 ? [] : poolEventTopics),
    ]
    const logs =
      topic0s.length === 0 ? [] : await reader.getLogsByTopic({ topic0s, fromBlock, toBlock, onSpan })
    const creationLogs: Log[] = []
    const poolLogs: Log[] = []
    for (const log of logs) {
      const address = log.address.toLowerCase()
      // a V4 PoolManager is a factory whose pools' events it emits itself
      if (factorySet.has(address))
        (creationTopicSet.has(log.topics[0] ?? '') ? creationLogs : poolLogs).push(log)
      else if (known.byLowerCase.has(address)) poolLogs.push(log)
    }
    return { creationLogs, poolLogs }
  }

  /** `pools` with `states` in place of (or besides) the pools of their addresses. */
  function merged(pools: readonly PoolState[], states: readonly PoolState[]): PoolState[] {
    const byAddress = new Map(pools.map((p) => [p.address, p]))
    for (const state of states) byAddress.set(state.address, state)
    return [...byAddress.values()]
  }

  /** Hands each kind the logs of its own pools and collects the states they changed. */
  async function applyLogs(known: PoolIndex, logs: Log[], blockNumber: bigint) {
    const changed = await Promise.all(
      poolKindIds.map(async (id): Promise<PoolState[]> => {
        const mine = known.byKind.get(id)
        const kind = getPoolKind(id)
        const poolOf = (log: Log) =>
          kind.poolIdOfLog ? kind.poolIdOfLog(log) : known.byLowerCase.get(log.address.toLowerCase())
        const own = mine
          ? logs.filter((log) => {
              const pool = poolOf(log)
              return pool !== undefined && mine.has(pool)
            })
          : []
        if (!mine || own.length === 0) return []
        const params = { pools: mine, logs: own, blockNumber, multicallAddress: deployment.multicall3 }
        return [...(await kind.applyPoolLogs(reader, params)).values()]
      }),
    )
    return changed.flat()
  }

  /** Whether `current` is still on the canonical chain whose head is `head` (at or above it). */
  async function isCanonical(current: PoolSnapshot, head: ChainHead) {
    if (head.number === current.blockNumber) return head.hash === current.blockHash
    if (head.number === current.blockNumber + 1n) return head.parentHash === current.blockHash
    const block = await client.getBlock({ blockNumber: current.blockNumber })
    return block.hash === current.blockHash
  }

  /**
   * The newest kept snapshot still on the chain whose head is `head` (its block's hash unchanged), after a reorg
   * or a head that dropped below the snapshot; undefined when none is (the fork is older than the history). The
   * kept snapshots are on one chain, so those still canonical are the oldest ones: a binary search, a block read
   * a step.
   */
  async function commonAncestor(head: ChainHead): Promise<PoolSnapshot | undefined> {
    const below = history.filter((s) => s.blockNumber <= head.number)
    let low = 0
    let high = below.length
    while (low < high) {
      const middle = (low + high) >> 1
      const kept = below[middle] as PoolSnapshot
      const hash =
        kept.blockNumber === head.number
          ? head.hash
          : (await client.getBlock({ blockNumber: kept.blockNumber })).hash
      if (hash === kept.blockHash) low = middle + 1
      else high = middle
    }
    return below[low - 1]
  }

  /** Keeps `next` in the history (blocks within `HISTORY_BLOCKS` of it; a rolled-back fork's are dropped). */
  function remember(next: PoolSnapshot) {
    history = history.filter(
      (s) => s.blockNumber < next.blockNumber && next.blockNumber - s.blockNumber <= HISTORY_BLOCKS,
    )
    history.push(next)
  }

  /** The newest kept snapshot whose block is still on the chain whose head is `head`, read from `kept`. */
  async function restore(kept: PoolSnapshotFiles, head: ChainHead): Promise<PoolSnapshot | undefined> {
    for (const candidate of await kept.list()) {
      if (candidate.blockNumber > head.number || head.number - candidate.blockNumber > MAX_RESTORE_BLOCKS)
        continue
      const hash =
        candidate.blockNumber === head.number
          ? head.hash
          : (await client.getBlock({ blockNumber: candidate.blockNumber })).hash
      if (hash !== candidate.blockHash) continue
      const restored = await candidate.read(knownTokens)
      if (restored !== undefined && restored.chainId === deployment.chainId) return restored
    }
    return undefined
  }

  let keptAt: { ms: number; blockNumber: bigint } | undefined
  const keepSnapshot = (kept: PoolSnapshot) => {
    keptAt = { ms: now(), blockNumber: kept.blockNumber }
    return options.kept?.save(kept, knownTokens).catch((error: unknown) => options.onKeepError?.(error))
  }

  /** Whether the node still holds the state of block `blockNumber` (a pruned node, or a devnet loaded from a save). */
  const holdsState = (blockNumber: bigint) =>
    client.getBalance({ address: deployment.multicall3, blockNumber }).then(
      () => true,
      () => false,
    )

  /**
   * Every pool read at the head; with kept snapshots, at the deepest of the last `KEPT_DEPTH` blocks whose state
   * the node holds (a binary search of cheap reads: nodes hold the state of every block from some height on),
   * kept, and replayed to the head.
   */
  async function readWhole(head: ChainHead): Promise<PoolSnapshot> {
    if (options.kept === undefined) return loadAll(head.number, head.hash)
    let low = head.number > KEPT_DEPTH ? head.number - KEPT_DEPTH : 0n
    let high = head.number
    while (low < high) {
      const middle = (low + high) / 2n
      if (await holdsState(middle)) high = middle
      else low = middle + 1n
    }
    const hash = low === head.number ? head.hash : (await client.getBlock({ blockNumber: low })).hash
    if (hash === null) throw new Error(`block ${low} has no hash`)
    // kept read as far as a first load reads, so a later start has no more to read
    const deep = await completeAtLoad(await loadAll(low, hash))
    await keepSnapshot(deep)
    if (low === head.number) return deep
    remember(deep)
    return advance(deep, head.number, head.hash)
  }

  /**
   * `next` with the adopted pools it lacks (just adopted, or `next` built on a base older than their adoption),
   * read at its block; `next` itself when it lacks none.
   */
  async function withAdoptedPools(next: PoolSnapshot): Promise<PoolSnapshot> {
    if (adoptedPools.size === 0) return next
    const held = indexOf(next.pools).positions
    let missing = [...adoptedPools.values()].filter((p) => !held.has(p.address))
    if (missing.length === 0) return next
    const states = await readAdoptedStates(missing, next.blockNumber).catch(async (error: unknown) => {
      // a pool contract gone from the chain (a reorg undid its creation, or a test reverted it) is followed no
      // more: its token is, so its creation log brings it back if it returns; else the read failed for another
      // reason, which the refresh reports
      const gone = await Promise.all(
        missing.map(async (p) =>
          p.kind === 'uniswap-v4'
            ? false
            : (await client.getCode({ address: p.address, blockNumber: next.blockNumber })) === undefined,
        ),
      )
      if (!gone.includes(true)) throw error
      for (const [i, pool] of missing.entries()) if (gone[i]) adoptedPools.delete(pool.address)
      missing = missing.filter((_, i) => !gone[i])
      return readAdoptedStates(missing, next.blockNumber)
    })
    return createPoolSnapshot({
      chainId: deployment.chainId,
      blockNumber: next.blockNumber,
      blockHash: next.blockHash,
      pools: merged(next.pools, states),
    })
  }

  /** The states of adopted pools at `blockNumber`, each kind reading its own. */
  async function readAdoptedStates(
    pools: readonly PoolDescriptor[],
    blockNumber: bigint,
  ): Promise<PoolState[]> {
    const states = await Promise.all(
      poolKindIds.map((id) => {
        const own = pools.filter((p) => p.kind === id)
        if (own.length === 0) return Promise.resolve([])
        return getPoolKind(id).readPoolStates(reader, {
          pools: own,
          blockNumber,
          multicallAddress: deployment.multicall3,
        })
      }),
    )
    return states.flat()
  }

  /** What a start may still read of the pools read in part before it is ready (`completion.readsAtLoad`). */
  let loadReads = completion.readsAtLoad

  /** `current` read further as a start does before it is ready, within what is left of its budget. */
  async function completeAtLoad(current: PoolSnapshot): Promise<PoolSnapshot> {
    const { completed, reads } = await completePools(current, loadReads)
    loadReads -= reads
    return completed
  }

  /**
   * `current` with more of its pools read in part (`PoolKind.completePoolStates`, at most `maxReads` node reads at
   * its block, the kinds in turn), or `current` itself when none is, and the reads made; counts the reads left
   * (`readsLeft`).
   */
  async function completePools(
    current: PoolSnapshot,
    maxReads: number,
  ): Promise<{ completed: PoolSnapshot; reads: number }> {
    const known = indexOf(current.pools)
    const changed: PoolState[] = []
    let budget = maxReads
    let left = 0
    for (const id of poolKindIds) {
      const kind = getPoolKind(id)
      const mine = known.byKind.get(id)
      const { readsLeft: readsLeftOf, completePoolStates } = kind
      if (!mine || !readsLeftOf || !completePoolStates) continue
      const partial = [...mine.values()].filter((pool) => readsLeftOf(pool) > 0)
      const before = partial.reduce((sum, pool) => sum + readsLeftOf(pool), 0)
      if (before === 0) continue
      const widened =
        budget <= 0
          ? []
          : await completePoolStates(reader, {
              pools: partial,
              blockNumber: current.blockNumber,
              multicallAddress: deployment.multicall3,
              maxReads: budget,
            })
      let done = 0
      for (const pool of widened) {
        const was = mine.get(pool.address)
        done += (was === undefined ? 0 : readsLeftOf(was)) - readsLeftOf(pool)
      }
      changed.push(...widened)
      budget -= done
      left += before - done
    }
    readsLeft = left
    const reads = maxReads - budget
    if (changed.length === 0) return { completed: current, reads }
    index = replacePoolStates(known, changed)
    return { completed: Object.freeze({ ...current, pools: index.pools }), reads }
  }

  async function refreshOnce(): Promise<PoolSnapshot> {
    reportLoad({ status: 'loading', phase: 'starting' })
    const block = await client.getBlock({ blockTag: 'latest' })
    if (block.number === null || block.hash === null) throw new Error('latest block has no number or hash')
    const head = { number: block.number, hash: block.hash, parentHash: block.parentHash }
    // the first refresh of a start: from a kept snapshot still on the chain, when there is one
    const restored =
      snapshot === undefined && options.kept !== undefined ? await restore(options.kept, head) : undefined
    const current = snapshot ?? restored
    if (restored !== undefined) keptAt ??= { ms: now(), blockNumber: restored.blockNumber }
    let base: PoolSnapshot | undefined
    if (current && head.number >= current.blockNumber && (await isCanonical(current, head))) base = current
    // a reorg, or a head below the snapshot: back to the newest block both chains share, then forward again
    else if (current) base = await commonAncestor(head)
    const forked = current !== undefined && base !== current
    // a kept snapshot is replayed further (`MAX_RESTORE_BLOCKS`, checked by `restore`)
    if (base && base !== restored && head.number - base.blockNumber > maxReplayBlocks) base = undefined
    let next: PoolSnapshot
    if (!base) next = await readWhole(head)
    else if (head.number === base.blockNumber) next = base
    else next = await advance(base, head.number, head.hash)
    next = await withAdoptedPools(next)
    // a first load reads the pools it read in part further before it is ready (on a small market: all of them)
    if (snapshot === undefined) next = await completeAtLoad(next)
    if (next === current && restored === undefined) return current
    if (forked) options.onRollback?.({ from: current.blockNumber, to: base?.blockNumber })
    const first = snapshot === undefined
    snapshot = next
    if (first) {
      loadProgress = { status: 'ready' }
      options.onLoadProgress?.(loadProgress)
    }
    if (restored !== undefined && restored !== next) remember(restored)
    remember(next)
    const oldest = history[0]
    if (
      options.kept !== undefined &&
      oldest !== undefined &&
      now() - (keptAt?.ms ?? now()) >= KEEP_EVERY_MS &&
      oldest.blockNumber > (keptAt?.blockNumber ?? 0n)
    )
      void keepSnapshot(oldest)
    return next
  }

  /**
   * After a refresh has published its snapshot: more of the pools read in part, at its block, in place of it (while
   * it is still the newest); a failed read is reported and tried again after the next refresh.
   */
  async function completeAfterRefresh(): Promise<void> {
    const current = snapshot
    if (current === undefined) return
    const { completed } = await completePools(current, completion.readsPerRefresh).catch((error: unknown) => {
      options.onError?.(error)
      return { completed: current }
    })
    if (completed === current || snapshot !== current) return
    snapshot = completed
    if (history.at(-1) === current) history[history.length - 1] = completed
    // read in full at last: kept, so a start from it has nothing left to read
    if (readsLeft === 0) await keepSnapshot(completed)
  }

  function refresh(): Promise<PoolSnapshot> {
    if (!inFlight) {
      const published = refreshOnce()
      // the next refresh waits for the completion too (one at a time), the callers of this one do not
      inFlight = published
        .then(completeAfterRefresh, () => undefined)
        .finally(() => {
          inFlight = undefined
        })
      return published
    }
    queued ??= inFlight.then(() => {
      queued = undefined
      return refresh()
    })
    return queued
  }

  function refreshReporting(): Promise<void> {
    return refresh().then(
      () => options.onRefresh?.(),
      (error: unknown) => options.onError?.(error),
    )
  }

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => {
      refreshReporting().finally(schedule)
    }, pollIntervalMs)
  }

  /** One liveness read after another, each bounded by its deadline (a read that misses it is abandoned). */
  function watchLiveness() {
    const { liveness } = options
    if (stopped || !liveness) return
    livenessTimer = setTimeout(async () => {
      let deadline: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<never>((_, reject) => {
        // the deadline is checked after the loop's pending I/O (setImmediate): when this process's own event
        // loop was held past the deadline, an answer already received still counts, so a stall of ours is
        // not taken for an outage of the node
        deadline = setTimeout(
          () =>
            setImmediate(() => reject(new Error(`the node did not answer within ${liveness.timeoutMs} ms`))),
          liveness.timeoutMs,
        )
      })
      try {
        const head = await Promise.race([liveness.readHead(), late])
        if (!stopped) options.onReachable?.(head)
      } catch (error: unknown) {
        if (!stopped) options.onUnreachable?.(error)
      } finally {
        clearTimeout(deadline)
        watchLiveness()
      }
    }, liveness.intervalMs)
  }

  function getSnapshot(): PoolSnapshot {
    if (!snapshot) throw new Error(`pool sync for chain ${deployment.chainId} has not started`)
    return snapshot
  }

  function getAwaitedHead(): bigint | undefined {
    if (announced === undefined) return undefined
    if (
      now() >= announced.untilMs ||
      (snapshot !== undefined && snapshot.blockNumber >= announced.blockNumber)
    ) {
      announced = undefined
      return undefined
    }
    return announced.blockNumber
  }

  async function waitForBlock(blockNumber: bigint, timeoutMs = 10_000): Promise<PoolSnapshot> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const current = snapshot && snapshot.blockNumber >= blockNumber ? snapshot : await refresh()
      if (current.blockNumber >= blockNumber) return current
      if (Date.now() > deadline) throw new Error(`pool snapshot did not reach block ${blockNumber}`)
      await new Promise((r) => setTimeout(r, Math.min(pollIntervalMs, 50)))
    }
  }

  return {
    async start() {
      stopped = false
      await refresh()
      schedule()
      watchLiveness()
    },
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      if (livenessTimer) clearTimeout(livenessTimer)
    },
    getSnapshot,
    getLoadProgress: () =>
      loadProgress.status === 'ready' && readsLeft > 0 ? { status: 'ready', readsLeft } : loadProgress,
    refresh,
    announceHead(blockNumber) {
      if (stopped || snapshot === undefined || blockNumber <= snapshot.blockNumber) return
      if (blockNumber - snapshot.blockNumber > MAX_ANNOUNCED_AHEAD) return
      const awaited = getAwaitedHead()
      if (awaited !== undefined && blockNumber <= awaited) return
      const settled = refresh().then(
        (next) => {
          // the node's head is below the announced one: nothing to wait for, whoever announced it
          if (announced?.settled === settled && next.blockNumber < blockNumber) announced = undefined
          options.onRefresh?.()
        },
        (error: unknown) => options.onError?.(error),
      )
      announced = { blockNumber, untilMs: now() + ANNOUNCED_HEAD_TTL_MS, settled }
    },
    getAwaitedHead,
    async getFreshSnapshot(maxWaitMs) {
      const awaited = announced
      if (getAwaitedHead() === undefined || awaited === undefined) return getSnapshot()
      // bounded even when a refresh hangs on a slow node: the newest snapshot answers after `maxWaitMs`
      let late: ReturnType<typeof setTimeout> | undefined
      const lateAnswer = new Promise<void>((resolve) => {
        late = setTimeout(resolve, maxWaitMs)
      })
      await Promise.race([awaited.settled, lateAnswer])
      clearTimeout(late)
      return getSnapshot()
    },
    waitForBlock,
    followToken(token) {
      knownTokens.add(token.toLowerCase())
    },
    async followPools(pools) {
      for (const pool of pools) adoptedPools.set(pool.address, pool)
      // a refresh started after this call holds them; one in flight may have read the list before
      for (;;) {
        const next = await refresh()
        const held = indexOf(next.pools).positions
        if (pools.every((p) => held.has(p.address))) return next
      }
    },
  }
}
