import { type Address, getAddress, type Hash, type PublicClient } from 'viem'
import type { ChainDeployment } from '../chains/deployment'
import type { PoolState } from '../routing/types'
import { applyPoolEvents, type PoolEvent, type V3LiquidityReads } from './applyPoolEvents'
import { discoverPools } from './discoverPools'
import { v2PairAbi, v3PoolAbi } from './poolAbis'
import { createPoolSnapshot, type PoolSnapshot } from './poolSnapshot'
import { readPoolStates } from './readPoolStates'

const poolEventsAbi = [
  ...v2PairAbi.filter((x) => x.type === 'event'),
  ...v3PoolAbi.filter((x) => x.type === 'event'),
]
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
  let inFlight: Promise<PoolSnapshot> | undefined
  let queued: Promise<PoolSnapshot> | undefined

  async function loadAll(head: bigint, blockHash: Hash): Promise<PoolSnapshot> {
    const descriptors = await discoverPools(client, {
      deployment,
      fromBlock: BigInt(deployment.startBlock),
      toBlock: head,
    })
    const states = await readPoolStates(client, {
      pools: descriptors,
      blockNumber: head,
      multicallAddress: deployment.multicall3,
    })
    return createPoolSnapshot({ chainId: deployment.chainId, blockNumber: head, blockHash, pools: states })
  }

  async function advance(current: PoolSnapshot, head: bigint, blockHash: Hash): Promise<PoolSnapshot> {
    const fromBlock = current.blockNumber + 1n
    const known = new Map<Address, PoolState>(current.pools.map((p) => [p.address, p]))
    const created = await discoverPools(client, { deployment, fromBlock, toBlock: head })
    const fresh = created.filter((p) => !known.has(p.address))
    const logs = known.size
      ? await client.getLogs({
          address: [...known.keys()],
          events: poolEventsAbi,
          fromBlock,
          toBlock: head,
          strict: true,
        })
      : []
    const events: PoolEvent[] = []
    for (const log of logs) {
      const pool = getAddress(log.address)
      if (log.eventName === 'Sync') events.push({ type: 'sync', pool, ...log.args })
      else if (log.eventName === 'Swap')
        events.push({
          type: 'swap',
          pool,
          sqrtPriceX96: log.args.sqrtPriceX96,
          liquidity: log.args.liquidity,
          tick: log.args.tick,
        })
      else if (log.eventName === 'Mint' || log.eventName === 'Burn')
        events.push({ type: 'liquidity', pool, tickLower: log.args.tickLower, tickUpper: log.args.tickUpper })
    }
    const [reads, freshStates] = await Promise.all([
      readLiquidityChanges(events, head),
      readPoolStates(client, { pools: fresh, blockNumber: head, multicallAddress: deployment.multicall3 }),
    ])
    for (const [address, state] of applyPoolEvents(known, events, reads)) known.set(address, state)
    for (const state of freshStates) known.set(state.address, state)
    return createPoolSnapshot({
      chainId: deployment.chainId,
      blockNumber: head,
      blockHash,
      pools: known.values(),
    })
  }

  async function readLiquidityChanges(
    events: readonly PoolEvent[],
    blockNumber: bigint,
  ): Promise<V3LiquidityReads> {
    const touched = new Map<Address, Set<number>>()
    for (const e of events) {
      if (e.type !== 'liquidity') continue
      const ticks = touched.get(e.pool) ?? new Set<number>()
      ticks.add(e.tickLower).add(e.tickUpper)
      touched.set(e.pool, ticks)
    }
    const reads = {
      liquidity: new Map<Address, bigint>(),
      ticks: new Map<Address, Map<number, { liquidityNet: bigint; initialized: boolean }>>(),
    }
    if (!touched.size) return reads
    const tickCalls = [...touched].flatMap(([pool, ticks]) => [...ticks].map((tick) => ({ pool, tick })))
    const pools = [...touched.keys()]
    const results = await client.multicall({
      blockNumber,
      multicallAddress: deployment.multicall3,
      allowFailure: false,
      contracts: [
        ...pools.map((address) => ({ address, abi: v3PoolAbi, functionName: 'liquidity' as const })),
        ...tickCalls.map(({ pool, tick }) => ({
          address: pool,
          abi: v3PoolAbi,
          functionName: 'ticks' as const,
          args: [tick] as const,
        })),
      ],
    })
    pools.forEach((pool, i) => {
      reads.liquidity.set(pool, results[i] as bigint)
    })
    tickCalls.forEach(({ pool, tick }, i) => {
      const info = results[pools.length + i] as readonly [bigint, bigint, ...unknown[]]
      const perPool = reads.ticks.get(pool) ?? new Map()
      perPool.set(tick, { liquidityNet: info[1], initialized: info[0] > 0n })
      reads.ticks.set(pool, perPool)
    })
    return reads
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

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => {
      refresh()
        .then(
          () => options.onRefresh?.(),
          (error: unknown) => options.onError?.(error),
        )
        .finally(schedule)
    }, pollIntervalMs)
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
    getSnapshot() {
      if (!snapshot) throw new Error(`pool sync for chain ${deployment.chainId} has not started`)
      return snapshot
    },
    refresh,
    async waitForBlock(blockNumber, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const current = snapshot && snapshot.blockNumber >= blockNumber ? snapshot : await refresh()
        if (current.blockNumber >= blockNumber) return current
        if (Date.now() > deadline) throw new Error(`pool snapshot did not reach block ${blockNumber}`)
        await new Promise((r) => setTimeout(r, Math.min(pollIntervalMs, 50)))
      }
    },
  }
}
