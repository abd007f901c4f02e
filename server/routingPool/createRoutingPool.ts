import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Address } from 'viem'
import type { PoolSnapshot } from '../pools/poolSnapshot'
import type { FoundRoutes, PoolState, RouteRequest } from '../routing'
import {
  combineRouteParts,
  type FoundRoutePart,
  type RoutePart,
  splitRouteRequest,
} from '../routing/findRoutes'
import { fromWireRoutePart } from './routeWire'
import { type FromRoutingWorker, HELD_SNAPSHOTS_PER_CHAIN, type ToRoutingWorker } from './routingMessages'

/** Routing on worker threads: the event loop only dispatches requests and receives their routes. */
export interface RoutingPool {
  /** Worker threads. */
  readonly size: number
  /**
   * The routes of `request` over `snapshot` (as `findRoutes` finds them in-process, to the wei), computed on
   * the least busy worker, or split in two parts over two idle workers (the search over all pools on one, the
   * per-exchange searches on the other), so a quiet server answers in about half the time. The snapshot is
   * sent to a worker once, as its changes against the worker's newest snapshot of that chain. Rejects with
   * the RoutingError the search threw.
   */
  findRoutes(
    snapshot: PoolSnapshot,
    request: RouteRequest,
    options: { perExchange: boolean },
  ): Promise<FoundRoutes>
  /** Stops the workers; pending requests reject. */
  close(): Promise<void>
}

interface Pending {
  resolve: (part: FoundRoutePart) => void
  reject: (error: unknown) => void
  pools: ReadonlyMap<Address, PoolState>
}

interface PoolWorker {
  worker: Worker
  pending: Map<number, Pending>
  /** Mirror of the snapshots the worker holds, per chain, oldest first. */
  held: Map<number, PoolSnapshot[]>
}

const workerEntry = new URL('../scripts/routingWorker.ts', import.meta.url)

/**
 * Starts `size` routing worker threads (at least one). Each holds the recent snapshots of every chain it was
 * asked to route on and a memo of pool swaps shared by its requests. A worker that dies is replaced; its
 * pending requests reject.
 */
export function createRoutingPool(params: { size: number }): RoutingPool {
  const size = Math.max(1, Math.floor(params.size))
  const snapshotIds = new WeakMap<PoolSnapshot, number>()
  const poolMaps = new WeakMap<readonly PoolState[], ReadonlyMap<Address, PoolState>>()
  let nextSnapshotId = 1
  let nextRequestId = 1
  let closed = false

  const idOf = (snapshot: PoolSnapshot) => {
    let id = snapshotIds.get(snapshot)
    if (id === undefined) {
      id = nextSnapshotId++
      snapshotIds.set(snapshot, id)
    }
    return id
  }
  const poolsOf = (snapshot: PoolSnapshot) => {
    let pools = poolMaps.get(snapshot.pools)
    if (!pools) {
      pools = new Map(snapshot.pools.map((p) => [p.address, p]))
      poolMaps.set(snapshot.pools, pools)
    }
    return pools
  }

  const spawn = (): PoolWorker => {
    const worker = new Worker(workerBootstrap(), { eval: true })
    const entry: PoolWorker = { worker, pending: new Map(), held: new Map() }
    worker.on('message', (message: FromRoutingWorker) => {
      const pending = entry.pending.get(message.requestId)
      if (!pending) return
      entry.pending.delete(message.requestId)
      if ('failure' in message) {
        pending.reject(new Error(`routing worker failed: ${message.failure}`))
        return
      }
      try {
        pending.resolve(fromWireRoutePart(message.routes, pending.pools))
      } catch (error: unknown) {
        pending.reject(error)
      }
    })
    const fail = (error: unknown) => {
      for (const pending of entry.pending.values()) pending.reject(error)
      entry.pending.clear()
      const index = workers.indexOf(entry)
      if (!closed && index >= 0) workers[index] = spawn()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`routing worker exited with code ${code}`)))
    return entry
  }
  const workers: PoolWorker[] = Array.from({ length: size }, spawn)

  /** Sends `snapshot` to `entry` unless it holds it; returns its id. */
  const ensureSnapshot = (entry: PoolWorker, snapshot: PoolSnapshot): number => {
    const id = idOf(snapshot)
    const list = entry.held.get(snapshot.chainId) ?? []
    if (list.includes(snapshot)) return id
    const base = list.at(-1)
    const basePools = base ? poolsOf(base) : undefined
    const message: ToRoutingWorker =
      base?.pools === snapshot.pools
        ? { type: 'snapshot', chainId: snapshot.chainId, snapshotId: id, samePools: true }
        : {
            type: 'snapshot',
            chainId: snapshot.chainId,
            snapshotId: id,
            addresses: snapshot.pools.map((p) => p.address),
            changed: snapshot.pools.filter((p) => basePools?.get(p.address) !== p),
          }
    entry.worker.postMessage(message)
    list.push(snapshot)
    if (list.length > HELD_SNAPSHOTS_PER_CHAIN) list.shift()
    entry.held.set(snapshot.chainId, list)
    return id
  }

  let turn = 0
  const pickWorker = (): PoolWorker => {
    let best: PoolWorker | undefined
    for (let i = 0; i < workers.length; i++) {
      const entry = workers[(turn + i) % workers.length]
      if (entry && (!best || entry.pending.size < best.pending.size)) best = entry
    }
    turn = (turn + 1) % workers.length
    if (!best) throw new Error('routing pool has no worker')
    return best
  }

  const routePart = (snapshot: PoolSnapshot, request: RouteRequest, part: RoutePart) => {
    const entry = pickWorker()
    const snapshotId = ensureSnapshot(entry, snapshot)
    const requestId = nextRequestId++
    return new Promise<FoundRoutePart>((resolve, reject) => {
      entry.pending.set(requestId, { resolve, reject, pools: poolsOf(snapshot) })
      const message: ToRoutingWorker = {
        type: 'route',
        requestId,
        chainId: snapshot.chainId,
        snapshotId,
        params: request,
        part,
      }
      entry.worker.postMessage(message)
    })
  }

  return {
    size,
    async findRoutes(snapshot, request, options) {
      if (closed) throw new Error('routing pool is closed')
      const params = { ...request, pools: snapshot.pools }
      const idle = workers.filter((w) => w.pending.size === 0).length
      const parts = splitRouteRequest(params, Math.min(2, idle))
      const found = await Promise.all(parts.map((part) => routePart(snapshot, request, part)))
      return combineRouteParts(found, options)
    },
    async close() {
      closed = true
      await Promise.all(workers.map((entry) => entry.worker.terminate()))
    },
  }
}

/**
 * The worker's first code: loads the TypeScript entry through tsx's API (a worker does not inherit the
 * `--import tsx` hooks of its process on Node 20, and a test runner has none), from this checkout's tsx.
 */
function workerBootstrap(): string {
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'))
  const api = pathToFileURL(path.join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href
  return `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(workerEntry.href)}, ${JSON.stringify(import.meta.url)}))`
}
