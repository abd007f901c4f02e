import type { Address } from 'viem'
import type { ErrorCode } from '../errors'
import type { JsonBytes } from '../http/jsonText'
import type { QuoteDraft, SingleQuoteJob } from '../quotes/answerSingleQuotes'
import type { ChainQuoteView } from '../quotes/chainQuoteView'
import type { SingleQuoteResponse } from '../quotes/formatSingleQuote'
import type { PoolState, RouteRequest } from '../routing'
import type { RoutePart } from '../routing/findRoutes'
import type { AnswerRingMemory, RingRegion } from './answerRing'
import type { WireRoutePart } from './routeWire'

/**
 * A new snapshot of one chain, as a change to the newest one the worker holds of that chain: only the pool states
 * that changed (unchanged pools keep their objects, and with them the worker's memo of their swaps), at their
 * places in the newest one's list when it holds the same pools in the same order (`changedAt`; the usual block),
 * else with every pool's address in order; or `samePools`, the newest one's pools list itself (a block that moved
 * no pool: the routes and plans memoized on that list still hold).
 */
export type SnapshotMessage = {
  readonly type: 'snapshot'
  readonly chainId: number
  readonly snapshotId: number
} & (
  | { readonly samePools: true }
  | {
      readonly samePools?: undefined
      /** Where each changed pool stands in the newest one's list, which is otherwise the same. */
      readonly changedAt: readonly number[]
      readonly changed: readonly PoolState[]
    }
  | {
      readonly samePools?: undefined
      readonly changedAt?: undefined
      readonly addresses: readonly Address[]
      readonly changed: readonly PoolState[]
    }
)

/** Route one request (or one part of it) over a snapshot the worker was sent before. */
export interface RouteMessage {
  readonly type: 'route'
  readonly requestId: number
  readonly chainId: number
  readonly snapshotId: number
  readonly params: RouteRequest
  readonly part: RoutePart
}

/** What a worker needs of a chain to answer its quotes (sent once per chain, before its first `QuoteMessage`). */
export interface ViewMessage {
  readonly type: 'view'
  readonly view: ChainQuoteView
}

/**
 * Route one whole request over a snapshot the worker holds and answer its quotes (see `answerSingleQuotes`), or,
 * with `drafts`, draft them for gas estimation (see `draftSingleQuotes`).
 */
export interface QuoteMessage {
  readonly type: 'quote'
  readonly requestId: number
  readonly chainId: number
  readonly snapshotId: number
  readonly params: RouteRequest
  readonly perExchange: boolean
  readonly job: SingleQuoteJob
  readonly drafts: boolean
}

/** The memory of the worker's answer ring (see `createAnswerRing`), sent once, first. */
export interface RingMessage {
  readonly type: 'ring'
  readonly memory: AnswerRingMemory
}

/** One thing the main thread asks of a worker. */
export type RoutingWorkerRequest = SnapshotMessage | RouteMessage | ViewMessage | QuoteMessage | RingMessage

/** The requests of one turn of the main thread's event loop, handled in order. */
export interface BatchMessage {
  readonly type: 'batch'
  readonly messages: readonly RoutingWorkerRequest[]
}

export type ToRoutingWorker = RoutingWorkerRequest | BatchMessage

/**
 * The answer to a `RouteMessage` (its part's routes) or a `QuoteMessage` (where in the answer ring the answer's
 * JSON bytes are, or when the ring has no room, the bytes with their buffer transferred; or its quotes' drafts,
 * or the API error planning threw); a routing error of an invalid request as `routes`; `failure` for anything
 * unexpected.
 */
export type FromRoutingWorker =
  | { readonly requestId: number; readonly routes: WireRoutePart }
  | { readonly requestId: number; readonly ring: RingRegion }
  | { readonly requestId: number; readonly json: JsonBytes<SingleQuoteResponse[]> }
  | { readonly requestId: number; readonly drafts: readonly QuoteDraft[] }
  | {
      readonly requestId: number
      readonly appError: { readonly code: ErrorCode; readonly message: string; readonly details: unknown }
    }
  | { readonly requestId: number; readonly failure: string }

/** How many snapshots of one chain a worker keeps (a request may still route on the one before the newest). */
export const HELD_SNAPSHOTS_PER_CHAIN = 3
