import { Server as HttpServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { privateKeyToAccount } from 'viem/accounts'
import { createDevnetCosmosChains } from '../devnet/cosmosWallet/createDevnetCosmosChains'
import { getDevnetRelayerAccount } from '../devnet/devnetRelayer'
import {
  type ProvidedLiquidityNetwork,
  provideLiquidityNetwork,
} from '../devnet/liquidityNetwork/provideLiquidityNetwork'
import { savedFinality } from '../devnet/savedHead'
import { startBridgeRoles } from '../devnet/startBridgeRoles'
import { type Devnet, startDevnet } from '../devnet/startDevnet'
import { createDevnetUtxoChains } from '../devnet/utxoWallet/createDevnetUtxoChains'
import { startWidgetDemo } from '../devnet/widgetDemo/startWidgetDemo'
import type { SupervisedWorker } from '../devnet/workers/superviseWorker'
import { createApp } from './app'
import { getApiKeyAdminSocketPath, serveApiKeyAdmin } from './auth/serveApiKeyAdmin'
import type { ChainDeployment } from './chains/deployment'
import { loadNetworkConfig } from './chains/parseNetworkConfig'
import { type Config, loadConfig } from './config'
import type { PollLoop } from './createPollLoop'
import { findCrossSent } from './cross/findCrossSent'
import { followCrossTrades } from './cross/followCrossTrades'
import { gaslessLimits } from './gasless/gaslessLimits'
import { type GaslessRelayers, startGaslessRelayers } from './gasless/startGaslessRelayers'
import { createLogger, type Logger } from './logger'
import { createMarkets, type Markets } from './market/createMarkets'
import { mountCrossProviders } from './providers/mountCrossProviders'
import { createRoutingPool, type RoutingPool } from './routingPool/createRoutingPool'
import { createStore, type Store } from './store/createStore'
import { abandonGaslessOrders } from './store/gaslessOrders'
import { lockDataDir } from './store/lockDataDir'
import {
  type ErrorRegistrationPruning,
  startErrorRegistrationPruning,
} from './store/startErrorRegistrationPruning'
import { getIntegratorTagSecret } from './trades/getIntegratorTagSecret'
import { type TradeWatcher, watchTrades } from './trades/watchTrades'

export interface StartServerParams {
  /** Environment variables (pass `process.env`); see server/config.ts. */
  env: Record<string, string | undefined>
  /** Defaults to a JSON-lines logger on stdout at `LOG_LEVEL`. */
  logger?: Logger
  /** Built web app directory; defaults to dist/ at the repository root. */
  distDir?: string
}

export interface RunningServer {
  config: Config
  logger: Logger
  /** Base URL the server listens on, e.g. `http://localhost:8787`. */
  url: string
  mode: 'devnet' | 'network'
  deployments: readonly ChainDeployment[]
  devnet: Devnet | undefined
  /** The liquidity network's THORNode API and UTXO nodes (devnet workers, or NETWORK_CONFIG's section). */
  liquidityNetwork: ProvidedLiquidityNetwork['config']
  markets: Markets
  store: Store
  /** The widget demo host page (devnet mode, `WIDGET_DEMO_PORT`), when it listens. */
  widgetDemoUrl: string | undefined
  /** Stops accepting connections, closes open ones after 2 s, then stops the devnet. Idempotent. */
  close(): Promise<void>
}

/**
 * Starts the whole service: parses the configuration, loads the network config (`NETWORK_CONFIG`) or
 * starts the embedded devnet (anvils always on 127.0.0.1; the browser reaches them through `/rpc`),
 * builds the app and listens on `HOST:PORT`. On the embedded database it first takes `DATA_DIR`'s lock
 * and serves `npm run apikey` on `DATA_DIR/admin/apikey.sock`. Throws `ConfigError`, `NetworkConfigError`,
 * `DevnetStartError`, `DataDirLockedError` (another process runs on `DATA_DIR`), `DataDirDamagedError`, or
 * an error naming the port when it is taken; the devnet is stopped on failure.
 */
export async function startServer(params: StartServerParams): Promise<RunningServer> {
  const config = loadConfig(params.env)
  const logger = params.logger ?? createLogger({ level: config.logLevel })
  // The embedded database allows one process; a second server on DATA_DIR stops here, before its devnet.
  const dataDirLock = config.databaseUrl === undefined ? await lockDataDir(config.dataDir) : undefined
  let devnet: Devnet | undefined
  let deployments: ChainDeployment[]
  const releaseAndThrow = async (error: unknown): Promise<never> => {
    await dataDirLock?.release()
    throw error
  }
  if (config.networkConfigPath !== undefined) {
    deployments = await loadNetworkConfig(config.networkConfigPath).catch(releaseAndThrow)
  } else {
    devnet = await startDevnet({
      portBase: config.devnetPortBase,
      host: '127.0.0.1',
      dataDir: config.dataDir,
      persistChains: true,
      market: config.devnetMarket,
      log: (message) => logger.info(message, { component: 'devnet' }),
      warn: (message) => logger.warn(message, { component: 'devnet' }),
    }).catch(releaseAndThrow)
    deployments = devnet.deployments
  }

  let liquidity: ProvidedLiquidityNetwork | undefined
  let store: Store | undefined
  let markets: Markets | undefined
  let watchers: TradeWatcher[] = []
  let crossFollower: PollLoop | undefined
  let gasless: GaslessRelayers | undefined
  let admin: { close: () => Promise<void> } | undefined
  let pruning: ErrorRegistrationPruning | undefined
  let bridgeRoles: Promise<SupervisedWorker<unknown>> | undefined
  let routingPool: RoutingPool | undefined
  const stopServices = async () => {
    await (await bridgeRoles?.catch(() => undefined))?.stop()
    markets?.stop()
    await routingPool?.close()
    await Promise.all(watchers.map((w) => w.stop()))
    await crossFollower?.stop()
    await gasless?.stop()
    await admin?.close()
    await pruning?.stop()
    await store?.close()
    await liquidity?.stop()
    await devnet?.stop()
  }
  try {
    if (devnet) {
      // started at once, awaited before the server answers: the worker process boots while the rest starts
      bridgeRoles = startBridgeRoles({
        dataDir: config.dataDir,
        relayDelayMs: config.devnetRelayDelayMs,
        logLevel: config.logLevel,
        savedHeadPaths: devnet.savedHeadPaths,
        log: (message) => logger.info(message, { component: 'devnet' }),
      })
    }
    liquidity = await provideLiquidityNetwork({
      config,
      devnet: devnet?.deployments,
      ...(devnet === undefined ? {} : { savedHeadPaths: devnet.savedHeadPaths }),
      log: (message) => logger.info(message, { component: 'liquidity' }),
    })
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
    const pollIntervalMs = 1_000
    routingPool = config.routingWorkers > 0 ? createRoutingPool({ size: config.routingWorkers }) : undefined
    markets = createMarkets({
      deployments,
      pollIntervalMs,
      followHeads: true,
      // Real nodes only: the devnet's anvils share the machine with everything the devnet runs, and answer
      // slowly while it deploys or a browser suite drives it; a slow anvil there is load, not an outage (its
      // quotes turn 503 once the snapshot is stale). Tests freeze a node with the harness's `watchLiveness`.
      watchLiveness: devnet === undefined,
      ...(routingPool ? { routingPool } : {}),
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
    })
    await markets.start()
    const watcherStore = store
    const tagSecret = await getIntegratorTagSecret(store, config.integratorTagSecret)
    const cross = await mountCrossProviders({
      deployments,
      markets,
      ...(liquidity.config === undefined ? {} : { liquidityNetwork: liquidity.config }),
      addressNetwork: devnet ? 'regtest' : 'mainnet',
      onUnavailable: (provider, err) =>
        logger.warn(
          'cross-chain provider does not answer at the start: its quotes answer 503 until it does',
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
        confirmations: devnet ? 0 : 2,
        logger,
        pollIntervalMs: devnet ? 1_000 : 2_000,
        head: () => market.poolSync.getSnapshot().blockHash,
        findCrossSent: (range) => findCrossSent(cross.providers, market.chainId, range),
      }),
    )
    crossFollower = followCrossTrades({
      store,
      providers: cross.providers,
      logger,
      intervalMs: devnet ? 1_000 : 5_000,
      // a finished trade is asked again for this long: a reorg, or a devnet crash, may take its delivery away
      recheckFinishedMs: 10 * 60_000,
    })
    // fresh devnet chains know nothing of orders from an earlier run: those are failed, not retried
    if (devnet !== undefined && !devnet.resumed) {
      await abandonGaslessOrders(store.db, {
        at: new Date(),
        failureMsg: 'the devnet restarted from its snapshot before the order was executed',
      })
    }
    gasless = startGaslessRelayers({
      store,
      markets,
      account: devnet
        ? getDevnetRelayerAccount()
        : config.gaslessRelayerKey && privateKeyToAccount(config.gaslessRelayerKey),
      logger,
      intervalMs: devnet ? 500 : 1_000,
      ...(devnet
        ? {
            finality: {
              confirmations: gaslessLimits.devnetConfirmations,
              finalAfterMs: gaslessLimits.devnetFinalAfterMs,
              // a block is final once a state save covers it: a crash rolls the chain back to that save
              ...savedFinality(devnet.savedHeadPaths),
            },
          }
        : {}),
    })
    await bridgeRoles
    const app = createApp({
      config,
      deployments,
      logger,
      markets,
      store,
      cross,
      gasless,
      ...(devnet ? { devnet } : {}),
      ...(devnet && liquidity.config ? { devnetUtxo: createDevnetUtxoChains(liquidity.config) } : {}),
      ...(devnet && liquidity.config ? { devnetCosmos: createDevnetCosmosChains(liquidity.config) } : {}),
      ...(params.distDir ? { distDir: params.distDir } : {}),
    })
    const server = await listen(app.fetch, config)
    const address = server.address()
    const port = typeof address === 'object' && address !== null ? address.port : config.port
    const shownHost =
      config.host === '0.0.0.0' || config.host === '127.0.0.1' || config.host === '::'
        ? 'localhost'
        : config.host
    const demo =
      devnet === undefined || config.widgetDemoPort === undefined
        ? undefined
        : await startWidgetDemo({
            distDir: params.distDir ?? fileURLToPath(new URL('../dist', import.meta.url)),
            widgetPort: port,
            apiOrigin: `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${port}`,
            host: config.host,
            port: config.widgetDemoPort,
          }).catch((err: unknown) => {
            logger.warn('widget demo page not started', { err, port: config.widgetDemoPort })
            return undefined
          })
    let closing: Promise<void> | undefined
    const close = () => {
      // before anything is awaited: the signal that asks for the shutdown may be stopping the anvils already
      devnet?.endSupervision()
      closing ??= (async () => {
        await demo?.close()
        await new Promise<void>((resolve) => {
          const forceTimer = setTimeout(() => server.closeAllConnections(), 2_000)
          server.close(() => {
            clearTimeout(forceTimer)
            resolve()
          })
          server.closeIdleConnections()
        })
        await stopServices()
      })()
      return closing
    }
    return {
      config,
      logger,
      url: `http://${shownHost}:${port}`,
      mode: devnet ? 'devnet' : 'network',
      widgetDemoUrl: demo?.url,
      deployments,
      devnet,
      liquidityNetwork: liquidity.config,
      markets,
      store,
      close,
    }
  } catch (error: unknown) {
    await stopServices()
    throw error
  }
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
