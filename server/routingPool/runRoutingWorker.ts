import type { Address } from 'viem'
import { createHopCache, type PoolState, RoutingError } from '../routing'
import { findRoutePart } from '../routing/findRoutes'
import { toWireRoutePart } from './routeWire'
import {
  type FromRoutingWorker,
  HELD_SNAPSHOTS_PER_CHAIN,
  type RouteMessage,
  type SnapshotMessage,
  type ToRoutingWorker,
} from './routingMessages'

interface HeldSnapshot {
  id: number
  pools: readonly PoolState[]
  byAddress: ReadonlyMap<Address, PoolState>
}

/** The side of a worker thread's port that the routing worker uses. */
export interface RoutingWorkerPort {
  on(event: 'message', listener: (message: ToRoutingWorker) => void): unknown
  postMessage(message: FromRoutingWorker): void
}

/**
 * Serves routing requests on `port` (a worker thread's `parentPort`): keeps the last few snapshots of each
 * chain the main thread sent (rebuilt from changes, so unchanged pools keep their objects) and answers each
 * request's part with `findRoutePart` over the snapshot it names, sharing one hop memo across requests (hop
 * results only within a request, as `findRoutes` does).
 */
export function runRoutingWorker(port: RoutingWorkerPort): void {
  const held = new Map<number, HeldSnapshot[]>()
  const hopCache = createHopCache()

  const receiveSnapshot = (message: SnapshotMessage) => {
    const list = held.get(message.chainId) ?? []
    const newest = list.at(-1)
    if (message.samePools) {
      if (!newest) throw new Error(`snapshot ${message.snapshotId} repeats pools this worker never held`)
      list.push({ ...newest, id: message.snapshotId })
    } else {
      const changed = new Map(message.changed.map((p) => [p.address, p]))
      const pools = message.addresses.map((address) => {
        const pool = changed.get(address) ?? newest?.byAddress.get(address)
        if (!pool) throw new Error(`snapshot ${message.snapshotId} names pool ${address} without its state`)
        return pool
      })
      list.push({ id: message.snapshotId, pools, byAddress: new Map(pools.map((p) => [p.address, p])) })
    }
    if (list.length > HELD_SNAPSHOTS_PER_CHAIN) list.shift()
    held.set(message.chainId, list)
  }

  const route = (message: RouteMessage): FromRoutingWorker => {
    const snapshot = held.get(message.chainId)?.find((s) => s.id === message.snapshotId)
    if (!snapshot) {
      return { requestId: message.requestId, failure: `snapshot ${message.snapshotId} is not held` }
    }
    try {
      const part = findRoutePart(
        { ...message.params, pools: snapshot.pools, hopCache: hopCache.forRequest() },
        message.part,
      )
      return { requestId: message.requestId, routes: toWireRoutePart(part) }
    } catch (error: unknown) {
      if (error instanceof RoutingError) {
        return {
          requestId: message.requestId,
          routes: { ok: false, code: error.code, message: error.message },
        }
      }
      return { requestId: message.requestId, failure: error instanceof Error ? error.message : String(error) }
    }
  }

  port.on('message', (message) => {
    if (message.type === 'snapshot') receiveSnapshot(message)
    else port.postMessage(route(message))
  })
}
