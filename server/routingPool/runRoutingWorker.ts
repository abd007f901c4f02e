import type { TransferListItem } from 'node:worker_threads'
import type { Address } from 'viem'
import { AppError } from '../errors'
import { encodeJsonText } from '../http/jsonText'
import { answerSingleQuotesText, draftSingleQuotes } from '../quotes/answerSingleQuotes'
import type { ChainQuoteView } from '../quotes/chainQuoteView'
import { createHopCache, type PoolState, RoutingError } from '../routing'
import { findRoutePart, findRoutes } from '../routing/findRoutes'
import { createAnswerRingWriter } from './answerRing'
import { toWireRoutePart } from './routeWire'
import {
  type FromRoutingWorker,
  HELD_SNAPSHOTS_PER_CHAIN,
  type QuoteMessage,
  type RouteMessage,
  type RoutingWorkerRequest,
  type SnapshotMessage,
  type ToRoutingWorker,
} from './routingMessages'

interface HeldSnapshot {
  id: number
  pools: readonly PoolState[]
  /** The pools by address: made when a snapshot that names every address follows this one (rarely). */
  byAddress?: ReadonlyMap<Address, PoolState>
}

function byAddressOf(snapshot: HeldSnapshot): ReadonlyMap<Address, PoolState> {
  snapshot.byAddress ??= new Map(snapshot.pools.map((p) => [p.address, p]))
  return snapshot.byAddress
}

/** The side of a worker thread's port that the routing worker uses. */
export interface RoutingWorkerPort {
  on(event: 'message', listener: (message: ToRoutingWorker) => void): unknown
  postMessage(message: FromRoutingWorker, transfer?: readonly TransferListItem[]): void
}

/**
 * Serves routing requests on `port` (a worker thread's `parentPort`): keeps the last few snapshots of each
 * chain the main thread sent (rebuilt from changes, so unchanged pools keep their objects) and answers each
 * request's part with `findRoutePart` over the snapshot it names, or a whole quote request with its answer's
 * JSON bytes (`answerSingleQuotes`: written into the answer ring the main thread sent, or where it has no room
 * now, in a buffer of their own, transferred), sharing one hop memo across requests (hop
 * results only within a request, as `findRoutes` does).
 */
export function runRoutingWorker(port: RoutingWorkerPort): void {
  const held = new Map<number, HeldSnapshot[]>()
  const views = new Map<number, ChainQuoteView>()
  const hopCache = createHopCache()
  let ring: ReturnType<typeof createAnswerRingWriter> | undefined

  const receiveSnapshot = (message: SnapshotMessage) => {
    const list = held.get(message.chainId) ?? []
    const newest = list.at(-1)
    if (message.samePools) {
      if (!newest) throw new Error(`snapshot ${message.snapshotId} repeats pools this worker never held`)
      list.push({ ...newest, id: message.snapshotId })
    } else {
      let pools: PoolState[]
      if (message.changedAt) {
        if (!newest) throw new Error(`snapshot ${message.snapshotId} changes pools this worker never held`)
        pools = [...newest.pools]
        for (const [k, at] of message.changedAt.entries()) {
          const pool = message.changed[k]
          if (!pool || pools[at]?.address !== pool.address)
            throw new Error(`snapshot ${message.snapshotId} puts pool ${pool?.address} in another's place`)
          pools[at] = pool
        }
      } else {
        const changed = new Map(message.changed.map((p) => [p.address, p]))
        const byAddress = newest && byAddressOf(newest)
        pools = message.addresses.map((address) => {
          const pool = changed.get(address) ?? byAddress?.get(address)
          if (!pool) throw new Error(`snapshot ${message.snapshotId} names pool ${address} without its state`)
          return pool
        })
      }
      list.push({ id: message.snapshotId, pools })
      // the requests of the new block requote the plans of the last one instead of searching again
      if (newest) hopCache.carryPlans(newest.pools, pools)
    }
    if (list.length > HELD_SNAPSHOTS_PER_CHAIN) list.shift()
    held.set(message.chainId, list)
  }

  /** The answer of `message` from `work` over the snapshot it names, or the error it threw, as a message. */
  const answer = (
    message: RouteMessage | QuoteMessage,
    work: (pools: readonly PoolState[]) => FromRoutingWorker,
  ): FromRoutingWorker => {
    const { requestId } = message
    const snapshot = held.get(message.chainId)?.find((s) => s.id === message.snapshotId)
    if (!snapshot) return { requestId, failure: `snapshot ${message.snapshotId} is not held` }
    try {
      return work(snapshot.pools)
    } catch (error: unknown) {
      if (error instanceof RoutingError) {
        return { requestId, routes: { ok: false, code: error.code, message: error.message } }
      }
      if (error instanceof AppError) {
        return { requestId, appError: { code: error.code, message: error.message, details: error.details } }
      }
      return { requestId, failure: error instanceof Error ? error.message : String(error) }
    }
  }

  const route = (message: RouteMessage) =>
    answer(message, (pools) => {
      const part = findRoutePart({ ...message.params, pools, hopCache: hopCache.forRequest() }, message.part)
      return { requestId: message.requestId, routes: toWireRoutePart(part) }
    })

  const quote = (message: QuoteMessage) =>
    answer(message, (pools) => {
      const view = views.get(message.chainId)
      if (!view) throw new Error(`chain ${message.chainId} has no quote view in this worker`)
      const found = findRoutes({ ...message.params, pools, hopCache }, { perExchange: message.perExchange })
      const { requestId, job } = message
      if (message.drafts) return { requestId, drafts: draftSingleQuotes(view, job, found) }
      const text = answerSingleQuotesText(view, job, found)
      const region = ring?.write(text)
      return region ? { requestId, ring: region } : { requestId, json: encodeJsonText(text) }
    })

  const handle = (message: RoutingWorkerRequest): void => {
    if (message.type === 'snapshot') receiveSnapshot(message)
    else if (message.type === 'view') views.set(message.view.chainId, message.view)
    else if (message.type === 'ring') ring = createAnswerRingWriter(message.memory)
    else if (message.type === 'route') port.postMessage(route(message))
    else {
      const answer = quote(message)
      port.postMessage(answer, 'json' in answer ? [answer.json.buffer] : undefined)
    }
  }
  port.on('message', (message) => {
    if (message.type === 'batch') for (const each of message.messages) handle(each)
    else handle(message)
  })
}
