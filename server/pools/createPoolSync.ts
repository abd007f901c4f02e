import { type Abi, type Address, getAddress, type Hash, type Log, type PublicClient } from 'viem'
import type { ChainDeployment } from '../chains/deployment'
import { getPoolKind, type PoolState, poolKindIds, poolKinds } from '../poolKinds/poolKinds'
import { createPoolSnapshot, type PoolSnapshot } from './poolSnapshot'

/** Past this many blocks behind, reload everything instead of replaying logs. */
const MAX_REPLAY_BLOCKS = 2_000n

export interface PoolSyncOptions {
  deployment: ChainDeployment
  pollIntervalMs: number
  /** A background refresh failed (the node did not answer, a read failed). */
  onError?: (error: unknown) => void
  /** A background refresh succeeded: the snapshot matches the node's head. */
  onRefresh?: () => void
}

export interface PoolSync {
  /** Loads every pool at the current head; resolves when the first snapshot exists. */
  start(): Promise<void>
  stop(): void
  /** The newest snapshot. Throws if `start` has not resolved. */
  getSnapshot(): PoolSnapshot
  /**
   * Refreshes now (normally the poll loop does it); resolves with the snapshot of a refresh that started
   * after this call (so a caller that just changed the chain never gets an older answer).
   */
  refresh(): Promise<PoolSnapshot>
  /** Resolves once the snapshot has reached `blockNumber` (refreshing as needed). */
  waitForBlock(blockNumber: bigint, timeoutMs?: number): Promise<PoolSnapshot>
  /**
   * A new chain head was announced (by a block subscription): refreshes at once, reporting to `onError` /
   * `onRefresh` like the poll loop, and makes `getFreshSnapshot` wait for that block.
   */
  announceHead(blockNumber: bigint): void
  /**
   * The newest snapshot, or, when a newer head has been announced than the snapshot holds, the snapshot of
   * that head once a refresh reaches it (waiting at most `maxWaitMs`, then answering with the newest one).
   */
  getFreshSnapshot(maxWaitMs: number): Promise<PoolSnapshot>
}

/**
 * Keeps one chain's pool snapshot current: a full load at start, then per new block the factory
 * events (new pools) and the pools' Sync/Swap/Mint/Burn logs, applied to a new immutable snapshot.
 * The snapshot's block hash is checked against the chain on every refresh: when the head is lower, or
 * the snapshot's block is no longer canonical (a reorg, or `evm_revert` followed by new blocks at the
 * same height), everything is reloaded instead of replayed. Quotes read `getSnapshot()` and make no RPC call.
 */
export function createPoolSync(client: PublicClient, options: PoolSyncOptions): PoolSync {
  const { deployment, pollIntervalMs } = options
  let snapshot: PoolSnapshot | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  let announcedHead = 0n
  let inFlight: Promise<PoolSnapshot> | undefined
  let queued: Promise<PoolSnapshot> | undefined

  const poolEvents: Abi = poolKindIds.flatMap((id) => poolKinds[id].stateEvents)
  const isKnownToken = (() => {
    const known = new Set(deployment.tokens.map((t) => t.address.toLowerCase()))
    return (token: Address) => known.has(token.toLowerCase())
  })()

  /** New pools of every exchange's factory in `[fromBlock, toBlock]`, with their state at `toBlock`. */
  async function loadNewPools(fromBlock: bigint, toBlock: bigint, known: ReadonlySet<Address>) {
    if (fromBlock > toBlock) return []
    const perExchange = await Promise.all(
      deployment.exchanges.map(async (exchange) => {
        const kind = getPoolKind(exchange.kind)
        const found = await kind.discoverPools(client, { exchange, fromBlock, toBlock, isKnownToken })
        const pools = found.filter((p) => !known.has(p.address))
        return kind.readPoolStates(client, {
          pools,
          blockNumber: toBlock,
          multicallAddress: deployment.multicall3,
        })
      }),
    )
    return perExchange.flat()
  }

  async function loadAll(head: bigint, blockHash: Hash): Promise<PoolSnapshot> {
    const states = await loadNewPools(BigInt(deployment.startBlock), head, new Set())
    return createPoolSnapshot({ chainId: deployment.chainId, blockNumber: head, blockHash, pools: states })
  }

  async function advance(current: PoolSnapshot, head: bigint, blockHash: Hash): Promise<PoolSnapshot> {
    const fromBlock = current.blockNumber + 1n
    const known = new Map<Address, PoolState>(current.pools.map((p) => [p.address, p]))
    const [fresh, logs] = await Promise.all([
      loadNewPools(fromBlock, head, new Set(known.keys())),
      known.size
        ? client.getLogs({
            address: [...known.keys()],
            events: poolEvents,
            fromBlock,
            toBlock: head,
            strict: true,
          })
        : Promise.resolve([]),
    ])
    const changed = await applyLogs(known, logs, head)
    if (changed.length === 0 && fresh.length === 0) {
      // nothing moved: the same pools list, so what routing memoized on it still holds
      return Object.freeze({
        chainId: deployment.chainId,
        blockNumber: head,
        blockHash,
        pools: current.pools,
      })
    }
    for (const state of changed) known.set(state.address, state)
    for (const state of fresh) known.set(state.address, state)
    return createPoolSnapshot({
      chainId: deployment.chainId,
      blockNumber: head,
      blockHash,
      pools: known.values(),
    })
  }

  /** Hands each kind the logs of its own pools and collects the states they changed. */
  async function applyLogs(pools: ReadonlyMap<Address, PoolState>, logs: Log[], blockNumber: bigint) {
    const changed = await Promise.all(
      poolKindIds.map(async (id): Promise<PoolState[]> => {
        const own = logs.filter((log) => pools.get(getAddress(log.address))?.kind === id)
        if (own.length === 0) return []
        const mine = new Map([...pools].filter(([, pool]) => pool.kind === id))
        const params = { pools: mine, logs: own, blockNumber, multicallAddress: deployment.multicall3 }
        return [...(await getPoolKind(id).applyPoolLogs(client, params)).values()]
      }),
    )
    return changed.flat()
  }

  /** Whether `current` is still on the canonical chain whose head is `head`. */
  async function isCanonical(current: PoolSnapshot, head: { number: bigint; parentHash: Hash; hash: Hash }) {
    if (head.number === current.blockNumber) return head.hash === current.blockHash
    if (head.number === current.blockNumber + 1n) return head.parentHash === current.blockHash
    const block = await client.getBlock({ blockNumber: current.blockNumber })
    return block.hash === current.blockHash
  }

  async function refreshOnce(): Promise<PoolSnapshot> {
    const block = await client.getBlock({ blockTag: 'latest' })
    if (block.number === null || block.hash === null) throw new Error('latest block has no number or hash')
    const head = { number: block.number, hash: block.hash, parentHash: block.parentHash }
    const current = snapshot
    let next: PoolSnapshot
    if (
      !current ||
      head.number < current.blockNumber ||
      head.number - current.blockNumber > MAX_REPLAY_BLOCKS ||
      !(await isCanonical(current, head))
    )
      next = await loadAll(head.number, head.hash)
    else if (head.number === current.blockNumber) return current
    else next = await advance(current, head.number, head.hash)
    snapshot = next
    return next
  }

  function refresh(): Promise<PoolSnapshot> {
    if (!inFlight) {
      inFlight = refreshOnce().finally(() => {
        inFlight = undefined
      })
      return inFlight
    }
    queued ??= inFlight
      .catch(() => undefined)
      .then(() => {
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

  function getSnapshot(): PoolSnapshot {
    if (!snapshot) throw new Error(`pool sync for chain ${deployment.chainId} has not started`)
    return snapshot
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
    },
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
    },
    getSnapshot,
    refresh,
    announceHead(blockNumber) {
      if (stopped || blockNumber <= announcedHead) return
      announcedHead = blockNumber
      if (snapshot && snapshot.blockNumber >= blockNumber) return
      void refreshReporting()
    },
    async getFreshSnapshot(maxWaitMs) {
      const current = getSnapshot()
      if (current.blockNumber >= announcedHead) return current
      // bounded even when a refresh hangs on a slow node: the newest snapshot answers after `maxWaitMs`
      let late: ReturnType<typeof setTimeout> | undefined
      const lateAnswer = new Promise<undefined>((resolve) => {
        late = setTimeout(() => resolve(undefined), maxWaitMs)
      })
      const reached = waitForBlock(announcedHead, maxWaitMs).catch(() => undefined)
      const fresh = await Promise.race([reached, lateAnswer])
      clearTimeout(late)
      return fresh ?? getSnapshot()
    },
    waitForBlock,
  }
}
