import {
  type Address,
  createPublicClient,
  http,
  type PublicClient,
  type WebSocketTransport,
  webSocket,
} from 'viem'
import { getEvmChainInfo } from '../chains/chainInfo'
import type { ChainDeployment, TokenInfo } from '../chains/deployment'
import { AppError } from '../errors'
import { nodeFetch } from '../http/nodeFetch'
import type { PoolSnapshotFiles } from '../pools/createPoolSnapshotFiles'
import { createPoolSync, type PoolSync, type PoolSyncOptions } from '../pools/createPoolSync'
import { describePoolLoadProgress, type PoolLoadProgress } from '../pools/poolLoadProgress'
import type { PoolSnapshot } from '../pools/poolSnapshot'
import { deriveUsdPrices, type PricedToken } from '../prices/deriveUsdPrices'
import { createLocalQuoteEngine } from '../quoteEngine/createLocalQuoteEngine'
import type { QuoteEngine } from '../quoteEngine/quoteEngine'
import { type ChainQuoteView, chainQuoteViewOf } from '../quotes/chainQuoteView'
import { createSwapEstimateMemo, type SwapEstimateMemo } from '../quotes/estimateSwap'
import { createHopCache, type HopCache } from '../routing'

/** Gas price is re-read at most this often per chain (quotes must not wait on it). */
const GAS_PRICE_TTL_MS = 2_000
/**
 * A gas price read longer ago than this (an idle server) is not served while a new one is read: a gasless fee
 * priced from it would fall short of the check at create, which reads today's.
 */
const GAS_PRICE_MAX_STALE_MS = 10_000
/** A quote waits at most this long for the snapshot of a block the subscription has announced. */
const FRESH_SNAPSHOT_WAIT_MS = 1_500
/**
 * The node's head is read this often with this deadline, apart from the pool refreshes: a frozen node is
 * unreachable within 1.75 s, so every path answers 503 within 2 s. eth_blockNumber takes milliseconds on a
 * healthy node, remote ones included; the 1.5-s deadline leaves a loaded one room (1 s read as outages under
 * the e2e suite's load).
 */
const LIVENESS_INTERVAL_MS = 250
const LIVENESS_TIMEOUT_MS = 1_500

export interface ChainMarket {
  readonly chainId: number
  readonly deployment: ChainDeployment
  readonly client: PublicClient
  readonly poolSync: PoolSync
  /** Loads the first snapshot, then follows the chain (poll loop, and new heads when subscribed). */
  start(): Promise<void>
  stop(): void
  /**
   * Whether the first snapshot is loaded, and while not how far its load is (`PoolSync.getLoadProgress`). Until
   * it is, everything below that reads the snapshot or prices throws `CHAIN_LOADING` (503).
   */
  getLoadProgress(): PoolLoadProgress
  /** Throws `CHAIN_LOADING` (503, naming the chain and how far) while the first snapshot is not loaded. */
  assertLoaded(): void
  /** The newest pool snapshot (no RPC). */
  getSnapshot(): PoolSnapshot
  /**
   * The snapshot a quote should use: the newest one, or, when the block subscription has announced a newer
   * head, the snapshot of that head once pool sync has read it (a quote right after a block sees that block).
   */
  getFreshSnapshot(): Promise<PoolSnapshot>
  /** USD per whole token for every token priced from the snapshot (cached per snapshot). */
  getUsdPrices(): ReadonlyMap<Address, number>
  getUsdPrice(token: Address): number | undefined
  /**
   * Memo of hop simulations and V3 step tables for routing on this chain's snapshots; keyed on the immutable
   * pool objects, so entries of replaced pools are never used again (and are garbage-collected with them).
   */
  readonly hopCache: HopCache
  /**
   * What routes this chain's quotes (see `QuoteEngine`): the routing workers when the server has them, else
   * this thread with `hopCache`; the same answers either way.
   */
  readonly quoteEngine: QuoteEngine
  /** What quotes show of this chain (see `ChainQuoteView`). */
  readonly quoteView: ChainQuoteView
  /** Senders' funds and swap gas estimates read at recent blocks, shared by the quotes that ask the same. */
  readonly swapEstimates: SwapEstimateMemo
  /**
   * Gas price in wei: the first call reads it; later calls answer at once from the cache and, when it is older
   * than a couple of seconds, refresh it in the background (a quote never waits on that RPC); a price over 10 s
   * old, or `fresh` (what a fee checked later against today's price needs), is read again and awaited.
   */
  getGasPrice(options?: { fresh?: boolean }): Promise<bigint>
  /** Token by address (checksummed or not), listed or imported; native currency is not a token here. */
  findToken(address: Address): TokenInfo | undefined
  /** The tokens imported by address (`adoptToken`), oldest first; a new array after each import. */
  listAdoptedTokens(): readonly TokenInfo[]
  /**
   * Makes `token` (not listed; tagged `unverified`) a token of this market: `findToken` answers it, USD prices
   * cover it, and pool sync follows it (`PoolSync.followToken`; its existing pools go through
   * `poolSync.followPools`). Adopting it again changes nothing.
   */
  adoptToken(token: TokenInfo): void
}

export interface CreateChainMarketParams {
  deployment: ChainDeployment
  pollIntervalMs: number
  /** The node stopped answering (called once per outage, with the first error). */
  onDown?: (error: unknown) => void
  /** The node answers again after an outage. */
  onUp?: () => void
  /** The snapshot's block left the chain and the pools went back to an earlier block (see `PoolSyncOptions`). */
  onRollback?: PoolSyncOptions['onRollback']
  /**
   * Follow new heads over the deployment's `wsUrl` (`eth_subscribe` newHeads) and refresh at each one, on top
   * of the poll loop. Off in tests that revert the chain and refresh explicitly.
   */
  followHeads?: boolean
  /**
   * Read the node's head every 500 ms with a 1-s deadline (the server turns it on): a node that misses it is
   * unreachable, and quotes and the market's reads answer 503 at once until it answers again. Off by default,
   * for tests whose chains the suite starves of CPU (a slow answer there is not an outage).
   */
  watchLiveness?: boolean
  /** For tests: an existing client (its liveness reads go through it too). */
  client?: PublicClient
  /** Clock in ms (snapshot age); injectable for tests. */
  now?: () => number
  /** What routes quotes, e.g. the routing workers (see `createRoutingPool`); by default this thread. */
  quoteEngine?: QuoteEngine
  /** Pool snapshots kept across restarts (see `PoolSyncOptions.kept`); none when omitted. */
  keptSnapshots?: PoolSnapshotFiles
  /** Keeping a pool snapshot failed. */
  onKeepError?: (error: unknown) => void
}

/**
 * How old a snapshot may grow while the node does not answer before quotes on that chain answer 503: a few
 * blocks of the chain, and never less than 10 s (short block times would flap on one slow poll).
 */
export function getSnapshotMaxAgeMs(chainId: number): number {
  return Math.max(3 * (getEvmChainInfo(chainId)?.blockTimeMs ?? 2_000), 10_000)
}

/**
 * Everything a quote needs about one chain, kept warm in memory: the pool snapshot (refreshed per
 * block by pool sync), USD prices derived from it, and the gas price. Call `start()` before use.
 * A node that does not answer its liveness read within 1.5 s is unreachable: `getSnapshot` throws
 * `UPSTREAM_UNAVAILABLE` (503) at once, and the market client's calls in flight or made meanwhile fail at once
 * (their callers map that to 503), until the node answers again. A node that answers but whose refreshes
 * fail keeps serving the last snapshot for `getSnapshotMaxAgeMs`, then throws 503 until a refresh succeeds.
 * `onDown`/`onUp` fire once per outage.
 */
export function createChainMarket(params: CreateChainMarketParams): ChainMarket {
  const { deployment } = params
  /** Set while the node misses its liveness reads: then the client's calls fail at once (`cutOff`). */
  let unreachable = false
  const cutOffs = new Set<() => void>()
  const unreachableError = () => new Error(`the node of chain ${deployment.chainId} does not answer`)
  /**
   * `nodeFetch`, but failing at once while the node is unreachable, and cut when it becomes so: a request path would
   * otherwise wait on a frozen node for the 10-s timeout twice. A plain Error: viem makes it an HttpRequestError,
   * which the request paths map to 503.
   */
  const fetchUntilUnreachable: typeof fetch = (input, init) => {
    if (unreachable) return Promise.reject(unreachableError())
    return new Promise<Response>((resolve, reject) => {
      const cutOff = () => reject(unreachableError())
      cutOffs.add(cutOff)
      nodeFetch(input, init)
        .then(resolve, reject)
        .finally(() => cutOffs.delete(cutOff))
    })
  }
  const client =
    params.client ??
    (createPublicClient({
      // One retry: a node that answers slowly gets a second chance; an unreachable one fails at once.
      transport: http(deployment.rpcUrl, {
        timeout: 10_000,
        retryCount: 1,
        fetchFn: fetchUntilUnreachable,
      }),
      pollingInterval: params.pollIntervalMs,
    }) as PublicClient)
  // its own transport (no retry, aborted at the deadline), so liveness reads never wait on the cut-off above
  const livenessClient = params.client
    ? client
    : createPublicClient({
        // the liveness deadline is kept by the pool sync (after pending I/O); this only bounds the socket
        transport: http(deployment.rpcUrl, {
          timeout: LIVENESS_TIMEOUT_MS + 1_000,
          retryCount: 0,
          fetchFn: nodeFetch,
        }),
      })
  const now = params.now ?? Date.now
  const maxAgeMs = getSnapshotMaxAgeMs(deployment.chainId)
  let freshAt = now()
  let down = false
  const goDown = (error: unknown) => {
    if (down) return
    down = true
    params.onDown?.(error)
  }
  const goUp = () => {
    freshAt = now()
    if (!down) return
    down = false
    params.onUp?.()
  }
  const poolSync = createPoolSync(client, {
    deployment,
    pollIntervalMs: params.pollIntervalMs,
    onError: goDown,
    onRefresh: goUp,
    ...(params.onRollback ? { onRollback: params.onRollback } : {}),
    ...(params.keptSnapshots ? { kept: params.keptSnapshots } : {}),
    ...(params.onKeepError ? { onKeepError: params.onKeepError } : {}),
    ...(params.watchLiveness !== true
      ? {}
      : {
          liveness: {
            intervalMs: LIVENESS_INTERVAL_MS,
            timeoutMs: LIVENESS_TIMEOUT_MS,
            readHead: async () =>
              BigInt(
                await livenessClient.request({ method: 'eth_blockNumber' }, { retryCount: 0, dedupe: false }),
              ),
          },
        }),
    onUnreachable: (error) => {
      if (!unreachable) {
        unreachable = true
        for (const cutOff of cutOffs) cutOff()
        cutOffs.clear()
      }
      goDown(error)
    },
    onReachable: (head) => {
      if (!unreachable) return
      unreachable = false
      // the snapshot still matches the head: quotes resume now; else once the refresh of that head is read
      if (head === poolSync.getSnapshot().blockNumber) goUp()
      else poolSync.announceHead(head)
    },
  })
  // keyed lower-case: a checksum (keccak) per lookup would cost more than the quote's own lookups
  const tokensByKey = new Map(deployment.tokens.map((t) => [t.address.toLowerCase(), t]))
  let adoptedTokens: readonly TokenInfo[] = []
  let prices:
    | {
        pools: PoolSnapshot['pools']
        tokens: readonly TokenInfo[]
        prices: Map<Address, number>
        byKey: Map<string, number>
      }
    | undefined
  let gas: { at: number; readAt: number; value: Promise<bigint> } | undefined
  let refreshingGas = false

  /**
   * The one gate of a chain still loading its first snapshot: every read of the snapshot or its prices by a
   * request comes through the market, so each endpoint answers 503 `CHAIN_LOADING` (not a 500 on a missing
   * snapshot, nor a wait of minutes) without a check of its own.
   */
  const assertLoaded = () => {
    const progress = poolSync.getLoadProgress()
    if (progress.status === 'ready') return
    throw new AppError(
      'CHAIN_LOADING',
      `Chain ${deployment.chainId} is still loading its pools (${describePoolLoadProgress(progress)}); it answers once they are loaded`,
      { details: { chainId: deployment.chainId, pools: progress } },
    )
  }

  let priced: { adopted: readonly TokenInfo[]; list: readonly PricedToken[] } | undefined
  const currentPrices = () => {
    assertLoaded()
    const snapshot = poolSync.getSnapshot()
    // prices follow the pools: a block that moved none keeps the snapshot's pools list and these prices
    if (prices?.pools !== snapshot.pools || prices.tokens !== adoptedTokens) {
      // one list while no token is adopted: deriveUsdPrices keeps its graph of the pools for a list
      if (priced?.adopted !== adoptedTokens) {
        const list = [...deployment.tokens, ...adoptedTokens].map((t) => ({
          address: t.address,
          decimals: t.decimals,
          isStable: t.tags.includes('stable'),
        }))
        priced = { adopted: adoptedTokens, list }
      }
      const derived = deriveUsdPrices(snapshot.pools, priced.list)
      const byKey = new Map([...derived].map(([address, price]) => [address.toLowerCase(), price]))
      prices = { pools: snapshot.pools, tokens: adoptedTokens, prices: derived, byKey }
    }
    return prices
  }
  const getUsdPrices = () => currentPrices().prices
  const getUsdPricesByKey = () => currentPrices().byKey

  const assertFresh = () => {
    const ageMs = now() - freshAt
    if (unreachable || (down && ageMs > maxAgeMs)) {
      throw new AppError(
        'UPSTREAM_UNAVAILABLE',
        `The node of chain ${deployment.chainId} does not answer; quotes resume when it does`,
        { details: { chainId: deployment.chainId, snapshotAgeMs: ageMs } },
      )
    }
  }
  const hopCache = createHopCache()
  const quoteView = chainQuoteViewOf(deployment)
  const quoteEngine = params.quoteEngine ?? createLocalQuoteEngine(hopCache)
  let closed = true
  let heads: PublicClient<WebSocketTransport> | undefined
  let subscription: { unsubscribe(): Promise<unknown> } | undefined

  const closeHeads = () => {
    void subscription?.unsubscribe().catch(() => undefined)
    subscription = undefined
    void heads?.transport
      .getRpcClient()
      .then((socket) => socket.close())
      .catch(() => undefined)
    heads = undefined
  }

  /**
   * Subscribes to newHeads on a fresh socket to the deployment's `wsUrl`; each head makes pool sync read it at
   * once. A failed or dropped subscription is retried every second (the poll loop covers the gap).
   */
  const subscribeHeads = async (wsUrl: string): Promise<void> => {
    const retry = () => {
      if (closed) return
      closeHeads()
      setTimeout(() => {
        if (!closed) void subscribeHeads(wsUrl)
      }, 1_000)
    }
    closeHeads()
    const client = createPublicClient({ transport: webSocket(wsUrl, { reconnect: false, keepAlive: true }) })
    heads = client
    try {
      subscription = await client.transport.subscribe({
        params: ['newHeads'],
        onData: (data) => {
          const head: unknown = data.result
          if (
            typeof head === 'object' &&
            head !== null &&
            'number' in head &&
            typeof head.number === 'string'
          )
            poolSync.announceHead(BigInt(head.number))
        },
        onError: retry,
      })
      if (closed) closeHeads()
    } catch {
      retry()
    }
  }

  return {
    chainId: deployment.chainId,
    deployment,
    client,
    poolSync,
    async start() {
      closed = false
      await poolSync.start()
      // stopped during the first load (a server start that failed meanwhile): no subscription left behind
      if (closed || !params.followHeads || deployment.wsUrl === undefined) return
      // resolves once subscribed, so no block after `start` goes unannounced
      await subscribeHeads(deployment.wsUrl)
    },
    stop() {
      closed = true
      closeHeads()
      poolSync.stop()
    },
    getLoadProgress: () => poolSync.getLoadProgress(),
    assertLoaded,
    getSnapshot() {
      assertLoaded()
      assertFresh()
      return poolSync.getSnapshot()
    },
    async getFreshSnapshot() {
      assertLoaded()
      assertFresh()
      return poolSync.getFreshSnapshot(FRESH_SNAPSHOT_WAIT_MS)
    },
    getUsdPrices,
    getUsdPrice: (token) => getUsdPricesByKey().get(token.toLowerCase()),
    hopCache,
    quoteEngine,
    quoteView,
    swapEstimates: createSwapEstimateMemo(),
    getGasPrice(options) {
      const now = Date.now()
      if (!gas || options?.fresh || now - gas.readAt > GAS_PRICE_MAX_STALE_MS) {
        const value = client.getGasPrice()
        gas = { at: now, readAt: now, value }
        value.catch(() => {
          gas = undefined
        })
      } else if (now - gas.at > GAS_PRICE_TTL_MS && !refreshingGas) {
        // Stale-while-revalidate: quotes keep the last price while one background read replaces it.
        const previous = gas
        refreshingGas = true
        previous.at = now
        client
          .getGasPrice()
          .then((fresh) => {
            gas = { at: Date.now(), readAt: Date.now(), value: Promise.resolve(fresh) }
          })
          .catch(() => {
            previous.at = 0
          })
          .finally(() => {
            refreshingGas = false
          })
      }
      return gas.value
    },
    findToken: (address) => tokensByKey.get(address.toLowerCase()),
    listAdoptedTokens: () => adoptedTokens,
    adoptToken(token) {
      const key = token.address.toLowerCase()
      if (tokensByKey.has(key)) return
      tokensByKey.set(key, token)
      adoptedTokens = [...adoptedTokens, token]
      poolSync.followToken(token.address)
    },
  }
}
