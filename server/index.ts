import { Server as HttpServer } from 'node:http'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { getApiKeyAdminSocketPath, serveApiKeyAdmin } from './auth/serveApiKeyAdmin'
import { createUtxoNodeClient } from './chains/createUtxoNodeClient'
import { loadNetworkProfile } from './chains/loadNetworkProfile'
import type { NetworkProfile } from './chains/networkProfile'
import { type Config, loadConfig } from './config'
import type { PollLoop } from './createPollLoop'
import { findCrossSent } from './cross/findCrossSent'
import { followCrossTrades } from './cross/followCrossTrades'
import { type GaslessRelayers, startGaslessRelayers } from './gasless/startGaslessRelayers'
import { createLogger, type Logger } from './logger'
import { createMarkets, type Markets } from './market/createMarkets'
import { mountCrossProviders } from './providers/mountCrossProviders'
import { warmUpQuotes } from './quotes/warmUpQuotes'
import { createRoutingPool, type RoutingPool } from './routingPool/createRoutingPool'
import { createStore, type Store } from './store/createStore'
import { abandonGaslessOrders } from './store/gaslessOrders'
import { lockDataDir } from './store/lockDataDir'
import {
  type ErrorRegistrationPruning,
  startErrorRegistrationPruning,
} from './store/startErrorRegistrationPruning'
import { restoreAdoptedTokens } from './tokens/restoreAdoptedTokens'
import { getIntegratorTagSecret } from './trades/getIntegratorTagSecret'
import { type TradeWatcher, watchTrades } from './trades/watchTrades'

export interface StartServerParams {
  /** Environment variables (pass `process.env`); see server/config.ts. */
  env: Record<string, string | undefined>
  /** Defaults to a JSON-lines logger on stdout at `LOG_LEVEL`. */
  logger?: Logger
  /** Built web app directory; defaults to dist/ at the repository root. */
  distDir?: string
  /**
   * Provides the chains to serve, after the data directory is locked: `loadNetworkProfile` (NETWORK_CONFIG) by
   * default; `npm start` passes the devnet's (devnet/startDevnetProfile.ts) when NETWORK_CONFIG is unset.
   */
  network?: (context: { config: Config; logger: Logger; distDir?: string }) => Promise<NetworkProfile>
}

export interface RunningServer {
  config: Config
  logger: Logger
  /** Base URL the server listens on, e.g. `http://localhost:8787`. */
  url: string
  /** The chains served and how they are followed. */
  network: NetworkProfile
  markets: Markets
  store: Store
  /** Stops accepting connections, closes open ones after 2 s, then stops the services and the network. Idempotent. */
  close(): Promise<void>
}

/**
 * Starts the whole service: parses the configuration, takes `DATA_DIR`'s lock on the embedded database (and
 * serves `npm run apikey` on `DATA_DIR/admin/apikey.sock`), provides the network (`params.network`), starts
 * the store, markets, trade watchers, cross-chain follower and gasless relayers, builds the app and listens
 * on `HOST:PORT` while every chain's first pool snapshot loads (minutes on a large chain without a kept one):
 * `/health` reports how far, and a chain still loading answers 503 `CHAIN_LOADING`. Resolves once every chain
 * is loaded and the quotes are warmed up. Throws `ConfigError`, `NetworkConfigError`, the network's own errors,
 * `DataDirLockedError` (another process runs on `DATA_DIR`), `DataDirDamagedError`, an error naming the port
 * when it is taken, or a chain's first load's error; what started (the listener too) is stopped on failure.
 */
export async function startServer(params: StartServerParams): Promise<RunningServer> {
  const config = loadConfig(params.env)
  const logger = params.logger ?? createLogger({ level: config.logLevel })
  // The embedded database allows one process; a second server on DATA_DIR stops here, before its network.
  const dataDirLock = config.databaseUrl === undefined ? await lockDataDir(config.dataDir) : undefined
  const provide = params.network ?? ((context) => loadNetworkProfile(context.config))
  const network = await provide({
    config,
    logger,
    ...(params.distDir === undefined ? {} : { distDir: params.distDir }),
  }).catch(async (error: unknown) => {
    await dataDirLock?.release()
    throw error
  })
  const { deployments, following } = network

  let store: Store | undefined
  let markets: Markets | undefined
  let watchers: TradeWatcher[] = []
  let crossFollower: PollLoop | undefined
  let gasless: GaslessRelayers | undefined
  let admin: { close: () => Promise<void> } | undefined
  let pruning: ErrorRegistrationPruning | undefined
  let routingPool: RoutingPool | undefined
  let server: HttpServer | undefined
  const stopServices = async () => {
    markets?.stop()
    await routingPool?.close()
    await Promise.all(watchers.map((w) => w.stop()))
    await crossFollower?.stop()
    await gasless?.stop()
    await admin?.close()
    await pruning?.stop()
    await store?.close()
    await network.close()
  }
  try {
    store = await createStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleConnectionError: (err) => logger.warn('database connection ended by the server', { err }),
      ...(dataDirLock ? { lock: dataDirLock } : {}),
    })
    if (store.driver === 'pglite') {
      admin = await serveApiKeyAdmin({ store, socketPath: getApiKeyAdminSocketPath(config.dataDir) }).catch(
        (err: unknown) => {
          logger.warn('apikey admin socket unavailable: npm run apikey refuses while this server runs', {
            err,
          })
          return undefined
        },
      )
    }
    pruning = startErrorRegistrationPruning({
      store,
      retentionDays: config.registerErrorRetentionDays,
      onError: (err) => logger.warn('pruning old error registrations failed', { err }),
      onPruned: (deleted) => logger.info('pruned old error registrations', { deleted }),
    })
    routingPool = config.routingWorkers > 0 ? createRoutingPool({ size: config.routingWorkers }) : undefined
    markets = createMarkets({
      deployments,
      pollIntervalMs: 1_000,
      followHeads: true,
      // tests freeze a node with the harness's `watchLiveness`
      watchLiveness: following.watchLiveness,
      ...(routingPool ? { quoteEngine: routingPool } : {}),
      // kept across restarts: a start replays the blocks since instead of reading every pool again
      snapshotDir: path.join(config.dataDir, 'pools'),
      onKeepError: (chainId, err) =>
        logger.warn('pool snapshot not kept: the next start reads the chain again', {
          component: 'pools',
          chainId,
          err,
        }),
      onChainDown: (chainId, err) =>
        logger.warn(
          'chain node does not answer; its quotes answer 503 (at once when it misses the liveness read, else once the snapshot is stale)',
          {
            component: 'pools',
            chainId,
            err,
          },
        ),
      onChainUp: (chainId) => logger.info('chain node answers again', { component: 'pools', chainId }),
      onChainRollback: (chainId, { from, to }) =>
        logger.warn(
          to === undefined
            ? 'chain reorganised deeper than the kept blocks: every pool read again'
            : 'chain reorganised: pools rolled back and the new blocks replayed',
          {
            component: 'pools',
            chainId,
            from: String(from),
            ...(to === undefined ? {} : { to: String(to) }),
          },
        ),
    })
    // imported tokens first: the first load then finds their pools with the listed tokens'
    const restored = await restoreAdoptedTokens({ markets, db: store.db })
    if (restored > 0) logger.info('imported tokens followed again', { component: 'pools', tokens: restored })
    // Every chain's first load runs while the rest starts and the server answers (each market answers
    // CHAIN_LOADING until its own is done); awaited once listening. Its failure is handled there: the catch here
    // only keeps an early failure from being an unhandled rejection meanwhile.
    const loadStarted = performance.now()
    const loaded = markets.start()
    loaded.catch(() => undefined)
    const watcherStore = store
    const tagSecret = await getIntegratorTagSecret(store, config.integratorTagSecret)
    const cross = await mountCrossProviders({
      deployments,
      markets,
      ...(network.liquidityNetwork === undefined ? {} : { liquidityNetwork: network.liquidityNetwork }),
      ...(network.memoRegistrarKey === undefined ? {} : { memoRegistrarKey: network.memoRegistrarKey }),
      addressNetwork: network.addressNetwork,
      onUnavailable: (provider, err) =>
        logger.warn(
          // a THORNode naming a router other than the pinned one lands here too (UPSTREAM_REFUSED, in `err`)
          'cross-chain provider does not answer at the start, or its answer is refused: its paths fail until it answers',
          {
            provider,
            err,
          },
        ),
    })
    watchers = markets.all().map((market) =>
      watchTrades({
        store: watcherStore,
        tagSecret,
        client: market.client,
        chainId: market.chainId,
        aggregator: market.deployment.aggregator,
        startBlock: market.deployment.startBlock,
        confirmations: following.tradeConfirmations,
        logger,
        pollIntervalMs: following.tradePollMs,
        // no head to wait on while the chain loads: the watcher reads its blocks from the node meanwhile
        head: () =>
          market.getLoadProgress().status === 'ready' ? market.poolSync.getSnapshot().blockHash : undefined,
        findCrossSent: (range) => findCrossSent(cross.providers, market.chainId, range),
      }),
    )
    crossFollower = followCrossTrades({
      store,
      providers: cross.providers,
      logger,
      intervalMs: following.crossFollowMs,
      // a finished trade is asked again for this long: a reorg, or a devnet crash, may take its delivery away
      recheckFinishedMs: 10 * 60_000,
      ...(cross.thorchain === undefined || network.liquidityNetwork === undefined
        ? {}
        : {
            mempools: {
              provider: cross.thorchain,
              nodes: network.liquidityNetwork.utxo.map(({ chainId, rpcUrl, username, password }) => ({
                chainId,
                client: createUtxoNodeClient({
                  url: rpcUrl,
                  ...(username === undefined ? {} : { username }),
                  ...(password === undefined ? {} : { password }),
                }),
              })),
            },
          }),
    })
    if (network.gasless.abandonEarlierOrders !== undefined) {
      await abandonGaslessOrders(store.db, { at: new Date(), ...network.gasless.abandonEarlierOrders })
    }
    gasless = startGaslessRelayers({
      store,
      markets,
      account: network.gasless.account,
      logger,
      intervalMs: network.gasless.intervalMs,
      ...(network.gasless.finality === undefined ? {} : { finality: network.gasless.finality }),
    })
    await network.ready
    const app = createApp({
      config,
      deployments,
      logger,
      markets,
      store,
      cross,
      gasless,
      isDevnet: network.kind === 'devnet',
      routes: network.routes,
      ...(params.distDir ? { distDir: params.distDir } : {}),
    })
    const listening = await listen(app.fetch, config)
    server = listening
    const address = listening.address()
    const port = typeof address === 'object' && address !== null ? address.port : config.port
    const shownHost =
      config.host === '0.0.0.0' || config.host === '127.0.0.1' || config.host === '::'
        ? 'localhost'
        : config.host
    const originHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
    const url = `http://${shownHost}:${port}`
    logger.info('listening; each chain serves once its pools are loaded (GET /health tells how far)', { url })
    await network.afterListen?.({ port, origin: `http://${originHost}:${port}` })
    await loaded
    logger.info('pools loaded', { component: 'pools', ms: Math.round(performance.now() - loadStarted) })
    if (config.quoteWarmUp) {
      // after listening: the chains already serve, and the first quotes pay for what this warms meanwhile
      const started = performance.now()
      const routed = await warmUpQuotes(markets.all(), routingPool?.size ?? 1)
      logger.info('quotes warmed up', { routed, ms: Math.round(performance.now() - started) })
    }
    let closing: Promise<void> | undefined
    const close = () => {
      network.beginClose?.()
      closing ??= (async () => {
        await closeListener(listening)
        await stopServices()
      })()
      return closing
    }
    return { config, logger, url, network, markets, store, close }
  } catch (error: unknown) {
    if (server !== undefined) await closeListener(server)
    await stopServices()
    throw error
  }
}

/** Stops accepting connections, and closes the open ones after 2 s. */
function closeListener(server: HttpServer): Promise<void> {
  return new Promise<void>((resolve) => {
    const forceTimer = setTimeout(() => server.closeAllConnections(), 2_000)
    server.close(() => {
      clearTimeout(forceTimer)
      resolve()
    })
    server.closeIdleConnections()
  })
}

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  config: Config,
): Promise<HttpServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: config.port, hostname: config.host })
    if (!(server instanceof HttpServer)) throw new Error('expected an HTTP/1.1 server')
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new Error(`Port ${config.port} on ${config.host} is already in use; set PORT to another port`, {
            cause: error,
          }),
        )
      } else {
        reject(error)
      }
    }
    server.once('error', onError)
    server.once('listening', () => {
      server.off('error', onError)
      resolve(server)
    })
  })
}
