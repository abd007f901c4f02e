import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Address } from 'viem'
import { AppError } from '../errors'
import { type LentJson, lendJsonBytes } from '../http/jsonText'
import type { PoolSnapshot } from '../pools/poolSnapshot'
import type { QuoteEngine } from '../quoteEngine/quoteEngine'
import {
  answerSingleQuotes,
  draftSingleQuotes,
  type QuoteDraft,
  type SingleQuoteJob,
} from '../quotes/answerSingleQuotes'
import type { ChainQuoteView } from '../quotes/chainQuoteView'
import type { SingleQuoteResponse } from '../quotes/formatSingleQuote'
import { type FoundRoutes, type PoolState, type RouteRequest, RoutingError } from '../routing'
import {
  combineRouteParts,
  type FoundRoutePart,
  type RoutePart,
  splitRouteRequest,
} from '../routing/findRoutes'
import { createAnswerRing } from './answerRing'
import { createWorkQueue } from './createWorkQueue'
import { fromWireRoutePart } from './routeWire'
import {
  type FromRoutingWorker,
  HELD_SNAPSHOTS_PER_CHAIN,
  type RoutingWorkerRequest,
  type ToRoutingWorker,
} from './routingMessages'
import { snapshotChanges } from './snapshotChanges'

/**
 * The quote engine on worker threads: the event loop only dispatches requests and writes their answers. A
 * request is computed on the least busy worker (or waits in the pool's queue for one, see `createWorkQueue`),
 * or on a quiet server in two parts over two idle workers (the search over all pools on one, the per-exchange
 * searches on the other, then answered on this thread), so it takes about half the time. A snapshot is sent to
 * a worker once, as its changes against the worker's newest snapshot of that chain, and a chain's quote view
 * once. `answerQuotes` bytes are lent from the worker's answer ring (see `createAnswerRing`).
 */
export interface RoutingPool extends QuoteEngine {
  /** Worker threads. */
  readonly size: number
  /** Stops the workers; pending requests reject. */
  close(): Promise<void>
}

/** A worker's answer as received: an answer in its ring is lent (see `createAnswerRing`). */
type Received =
  | Exclude<FromRoutingWorker, { readonly ring: unknown }>
  | { readonly requestId: number; readonly lent: LentJson<SingleQuoteResponse[]> }

/** A request sent to a worker: settles from the worker's answer (throwing rejects), or rejects. */
interface Pending {
  settle: (message: Received) => void
  reject: (error: unknown) => void
}

interface PoolWorker {
  worker: Worker
  pending: Map<number, Pending>
  /** Mirror of the snapshots the worker holds, per chain, oldest first. */
  held: Map<number, PoolSnapshot[]>
  /** Chains whose quote view the worker was sent. */
  views: Set<number>
  /** Messages not yet posted: they go together at the end of this turn of the event loop (see `post`). */
  outbox: RoutingWorkerRequest[]
}

const workerEntry = new URL('../scripts/routingWorker.ts', import.meta.url)

/**
 * A routing worker's young generation, MB (V8's default: 32, two semi-spaces of 16). A search allocates much that
 * dies within the request; with 64 MB semi-spaces fewer of it outlives a scavenge: on the large market's cold mix
 * (`bench/routeProfile.ts`, the same snapshot, `--max-semi-space-size=64`) the garbage collector's share of the
 * thread's CPU fell from 9.3% to 3.8% (Dec 1), for up to 100 MB more memory a worker.
 */
const YOUNG_GENERATION_MB = 192

/**
 * Requests a worker is sent before it answers one: the one it routes and the next, so it never waits for a
 * message between two. The rest wait in the pool's queue (`createWorkQueue`).
 */
const IN_FLIGHT_PER_WORKER = 2

/**
 * Starts `size` routing worker threads (at least one). Each holds the recent snapshots of every chain it was
 * asked to route on and a memo of pool swaps shared by its requests, and writes its answers into a ring of
 * `answerRingBytes` (default `ANSWER_RING_BYTES`; an answer that finds no room crosses in a buffer of its own).
 * A worker that dies is replaced; its pending requests reject.
 */
export function createRoutingPool(params: { size: number; answerRingBytes?: number }): RoutingPool {
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

  /**
   * Queues `message` for `entry`'s worker: the messages of one turn of the event loop (the requests of every
   * socket read in it) are posted as one `batch` once it ends, in order. One message to the worker per turn
   * instead of one per request: each post wakes the worker's thread and serializes apart.
   */
  const post = (entry: PoolWorker, message: RoutingWorkerRequest) => {
    if (entry.outbox.push(message) === 1) setImmediate(flush, entry)
  }
  const flush = (entry: PoolWorker) => {
    const messages = entry.outbox
    entry.outbox = []
    entry.worker.postMessage(
      messages.length === 1 ? messages[0] : ({ type: 'batch', messages } satisfies ToRoutingWorker),
    )
  }

  const spawn = (): PoolWorker => {
    const worker = new Worker(workerBootstrap(), {
      eval: true,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    })
    const entry: PoolWorker = { worker, pending: new Map(), held: new Map(), views: new Set(), outbox: [] }
    // where the worker writes its answers
    const ring = createAnswerRing(params.answerRingBytes)
    post(entry, { type: 'ring', memory: ring.memory })
    worker.on('message', (message: FromRoutingWorker) => {
      // lent in the order the worker wrote them, answered or not (an unanswered one is released at once)
      const received: Received =
        'ring' in message ? { requestId: message.requestId, lent: ring.lend(message.ring) } : message
      const pending = entry.pending.get(message.requestId)
      if (!pending) {
        if ('lent' in received) received.lent.release()
        return
      }
      entry.pending.delete(message.requestId)
      try {
        pending.settle(received)
      } catch (error: unknown) {
        pending.reject(error)
      }
      if (!closed) queue.drain(entry)
    })
    const fail = (error: unknown) => {
      for (const pending of entry.pending.values()) pending.reject(error)
      entry.pending.clear()
      const index = workers.indexOf(entry)
      if (closed || index < 0) return
      const replacement = spawn()
      workers[index] = replacement
      queue.drain(replacement)
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
    const message: ToRoutingWorker =
      base?.pools === snapshot.pools
        ? { type: 'snapshot', chainId: snapshot.chainId, snapshotId: id, samePools: true }
        : {
            type: 'snapshot',
            chainId: snapshot.chainId,
            snapshotId: id,
            ...snapshotChanges(base?.pools, snapshot.pools),
          }
    post(entry, message)
    list.push(snapshot)
    if (list.length > HELD_SNAPSHOTS_PER_CHAIN) list.shift()
    entry.held.set(snapshot.chainId, list)
    return id
  }

  const queue = createWorkQueue({
    workers: () => workers,
    inFlight: (entry: PoolWorker) => entry.pending.size,
    perWorker: IN_FLIGHT_PER_WORKER,
  })

  /** Sends `entry` the message `build` makes of a fresh request id; resolves with `settle` of its answer. */
  const send = <T>(
    entry: PoolWorker,
    build: (requestId: number) => RoutingWorkerRequest,
    settle: (message: Received) => T,
  ) => {
    const requestId = nextRequestId++
    return new Promise<T>((resolve, reject) => {
      entry.pending.set(requestId, { settle: (message) => resolve(settle(message)), reject })
      post(entry, build(requestId))
    })
  }

  const routePart = (snapshot: PoolSnapshot, request: RouteRequest, part: RoutePart) =>
    queue.dispatch((entry) => {
      const snapshotId = ensureSnapshot(entry, snapshot)
      const pools = poolsOf(snapshot)
      return send(
        entry,
        (requestId) => ({
          type: 'route',
          requestId,
          chainId: snapshot.chainId,
          snapshotId,
          params: request,
          part,
        }),
        (message): FoundRoutePart => {
          if (!('routes' in message)) throw unexpectedAnswer(message)
          return fromWireRoutePart(message.routes, pools)
        },
      )
    })

  /** The parts of `request` for the idle workers: two when two are idle (see `splitRouteRequest`), else one. */
  const partsFor = (snapshot: PoolSnapshot, request: RouteRequest) => {
    const idle = queue.waiting > 0 ? 0 : workers.filter((w) => w.pending.size === 0).length
    return splitRouteRequest({ ...request, pools: snapshot.pools }, Math.min(2, idle))
  }

  const findRoutes = async (
    snapshot: PoolSnapshot,
    request: RouteRequest,
    options: { perExchange: boolean },
    parts = partsFor(snapshot, request),
  ) => {
    const found = await Promise.all(parts.map((part) => routePart(snapshot, request, part)))
    return combineRouteParts(found, options)
  }

  /**
   * The quotes of `request` as `kind` makes them, on the worker that routes it; made on this thread when two
   * idle workers share the routing.
   */
  const quote = async <T>(
    kind: QuoteKind<T>,
    snapshot: PoolSnapshot,
    request: RouteRequest,
    options: { perExchange: boolean },
    job: SingleQuoteJob,
    view: ChainQuoteView,
  ): Promise<T> => {
    const { drafts, make, read } = kind
    if (closed) throw new Error('routing pool is closed')
    const parts = partsFor(snapshot, request)
    if (parts.length > 1) return make(view, job, await findRoutes(snapshot, request, options, parts))
    return queue.dispatch((entry) => {
      const snapshotId = ensureSnapshot(entry, snapshot)
      if (!entry.views.has(view.chainId)) {
        post(entry, { type: 'view', view })
        entry.views.add(view.chainId)
      }
      return send(
        entry,
        (requestId) => ({
          type: 'quote',
          requestId,
          chainId: snapshot.chainId,
          snapshotId,
          params: request,
          perExchange: options.perExchange,
          job,
          drafts,
        }),
        (message) => {
          const answer = read(message)
          if (answer !== undefined) return answer
          if ('appError' in message) {
            const { code, message: text, details } = message.appError
            throw new AppError(code, text, details === undefined ? {} : { details })
          }
          if ('routes' in message && !message.routes.ok)
            throw new RoutingError(message.routes.code, message.routes.message)
          throw unexpectedAnswer(message)
        },
      )
    })
  }

  return {
    size,
    async findRoutes(snapshot, request, options) {
      if (closed) throw new Error('routing pool is closed')
      return findRoutes(snapshot, request, options)
    },
    answerQuotes: (...args) => quote(answering, ...args),
    draftQuotes: (...args) => quote(drafting, ...args),
    async close() {
      closed = true
      queue.rejectWaiting(new Error('routing pool is closed'))
      await Promise.all(workers.map((entry) => entry.worker.terminate()))
    },
  }
}

/**
 * What a worker makes of a routed request: the flag it is sent with, the same making on this thread, and the
 * answer read back from its message (undefined: not this kind of answer).
 */
interface QuoteKind<T> {
  readonly drafts: boolean
  readonly make: (view: ChainQuoteView, job: SingleQuoteJob, found: FoundRoutes) => T
  readonly read: (message: Received) => T | undefined
}

/** The whole answer's JSON bytes (`answerSingleQuotes`), lent from the worker's ring or bytes of their own. */
const answering: QuoteKind<LentJson<SingleQuoteResponse[]>> = {
  drafts: false,
  make: (view, job, found) => lendJsonBytes(answerSingleQuotes(view, job, found)),
  read: (message) =>
    'lent' in message ? message.lent : 'json' in message ? lendJsonBytes(message.json) : undefined,
}

/** The quotes drafted for gas estimation (`draftSingleQuotes`). */
const drafting: QuoteKind<QuoteDraft[]> = {
  drafts: true,
  make: draftSingleQuotes,
  read: (message) => ('drafts' in message ? [...message.drafts] : undefined),
}

/** The error of a worker answer that does not fit its request (a worker failure, or a bug). */
function unexpectedAnswer(message: Received): Error {
  if ('failure' in message) return new Error(`routing worker failed: ${message.failure}`)
  return new Error(`routing worker answered request ${message.requestId} with the wrong kind of answer`)
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
