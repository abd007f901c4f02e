import { fileURLToPath } from 'node:url'
import type { NetworkProfile, ProfileRoutes } from '../server/chains/networkProfile'
import type { Config } from '../server/config'
import { gaslessLimits } from '../server/gasless/gaslessLimits'
import type { Logger } from '../server/logger'
import { createDevnetCosmosChains } from './cosmosWallet/createDevnetCosmosChains'
import { getDevnetRelayerAccount } from './devnetRelayer'
import type { RunningLiquidityNetwork } from './liquidityNetwork/startLiquidityNetwork'
import { createDevnetCosmosRoutes } from './routes/createDevnetCosmosRoutes'
import { createDevnetRoutes } from './routes/createDevnetRoutes'
import { createDevnetUtxoRoutes } from './routes/createDevnetUtxoRoutes'
import { savedFinality } from './savedHead'
import { startBridgeRoles } from './startBridgeRoles'
import { type Devnet, startDevnet } from './startDevnet'
import { devnetThorchainKey } from './thorchain/devnetThorchainKey'
import { createDevnetUtxoChains } from './utxoWallet/createDevnetUtxoChains'
import { startWidgetDemo } from './widgetDemo/startWidgetDemo'

export interface DevnetProfile extends NetworkProfile {
  devnet: Devnet
  /** The widget demo host page, once the server listens and the page does (`WIDGET_DEMO_PORT`). */
  widgetDemoUrl(): string | undefined
}

/**
 * Starts the embedded devnet as the server's network (`NetworkProfile`): the anvil chains (ports from
 * DEVNET_PORT_BASE, state under DATA_DIR, resumed when a live copy survives), the bridge roles' worker, the
 * liquidity network's workers, the browser wallet's routes (manifest, faucets, UTXO and Cosmos ledgers) and,
 * once the server listens, the widget demo page on WIDGET_DEMO_PORT. Blocks are final once a chain state
 * save covers them. Throws `DevnetStartError`; what started is stopped on failure.
 */
export async function startDevnetProfile(params: {
  config: Config
  logger: Logger
  /** Built web app the widget demo embeds; defaults to dist/ at the repository root. */
  distDir?: string
}): Promise<DevnetProfile> {
  const { config, logger } = params
  const log = (message: string) => logger.info(message, { component: 'devnet' })
  const devnet = await startDevnet({
    portBase: config.devnetPortBase,
    host: '127.0.0.1',
    dataDir: config.dataDir,
    persistChains: true,
    market: config.devnetMarket,
    log,
    warn: (message) => logger.warn(message, { component: 'devnet' }),
  })
  // started at once, awaited before the server answers: the worker process boots while the rest starts
  const bridgeRoles = startBridgeRoles({
    dataDir: config.dataDir,
    relayDelayMs: config.devnetRelayDelayMs,
    logLevel: config.logLevel,
    savedHeadPaths: devnet.savedHeadPaths,
    log,
  })
  let liquidity: RunningLiquidityNetwork | undefined
  let demo: { url: string; close: () => Promise<void> } | undefined
  let rolesStopped: Promise<void> | undefined
  const stopRoles = () => {
    rolesStopped ??= bridgeRoles.then(
      (roles) => roles.stop(),
      () => undefined,
    )
    return rolesStopped
  }
  const close = async () => {
    await demo?.close()
    await stopRoles()
    await liquidity?.stop()
    await devnet.stop()
  }
  try {
    const { startLiquidityNetwork } = await import('./liquidityNetwork/startLiquidityNetwork')
    liquidity = await startLiquidityNetwork({
      portBase: config.devnetPortBase,
      host: '127.0.0.1',
      dataDir: config.dataDir,
      log: (message) => logger.info(message, { component: 'liquidity' }),
      deployments: devnet.deployments,
      savedHeadPaths: devnet.savedHeadPaths,
    })
  } catch (error: unknown) {
    await close()
    throw error
  }
  const network = liquidity.config
  const routes: ProfileRoutes[] = [
    createDevnetRoutes({ devnet }),
    createDevnetUtxoRoutes({ chains: createDevnetUtxoChains(network) }),
    createDevnetCosmosRoutes({ chains: createDevnetCosmosChains(network) }),
  ]
  // chains that did not resume their last save: they start from the snapshot, empty of the last run
  const freshChainIds = devnet.deployments
    .map((d) => d.chainId)
    .filter((chainId) => !devnet.resumedChainIds.has(chainId))
  return {
    kind: 'devnet',
    devnet,
    deployments: devnet.deployments,
    liquidityNetwork: network,
    // the key the network's THORChain funds at genesis (`networkWorker`)
    memoRegistrarKey: devnetThorchainKey('memo registrar'),
    addressNetwork: 'regtest',
    // Liveness is watched on real nodes only: the devnet's anvils share the machine with everything the devnet
    // runs and answer slowly while it deploys or a browser suite drives it; a slow anvil there is load, not an
    // outage (its quotes turn 503 once the snapshot is stale).
    following: { tradeConfirmations: 0, tradePollMs: 1_000, crossFollowMs: 1_000, watchLiveness: false },
    gasless: {
      account: getDevnetRelayerAccount(),
      intervalMs: 500,
      finality: {
        confirmations: gaslessLimits.devnetConfirmations,
        finalAfterMs: gaslessLimits.devnetFinalAfterMs,
        // a block is final once a state save covers it: a crash rolls the chain back to that save
        ...savedFinality(devnet.savedHeadPaths),
      },
      // fresh devnet chains know nothing of orders from an earlier run: those are failed, not retried; a chain
      // that resumed its last save keeps its orders, which the relayer reconciles with what the save holds
      // (a crash before a chain's first save restarts that chain alone from the snapshot)
      ...(freshChainIds.length === 0
        ? {}
        : {
            abandonEarlierOrders: {
              failureMsg: 'the devnet restarted from its snapshot before the order was executed',
              chainIds: freshChainIds,
            },
          }),
    },
    routes,
    ready: bridgeRoles.then(() => undefined),
    afterListen: async (api) => {
      if (config.widgetDemoPort === undefined) return
      demo = await startWidgetDemo({
        distDir: params.distDir ?? fileURLToPath(new URL('../dist', import.meta.url)),
        widgetPort: api.port,
        apiOrigin: api.origin,
        host: config.host,
        port: config.widgetDemoPort,
      }).catch((err: unknown) => {
        logger.warn('widget demo page not started', { err, port: config.widgetDemoPort })
        return undefined
      })
    },
    widgetDemoUrl: () => demo?.url,
    beginClose: () => {
      // before anything is awaited: the signal that asks for the shutdown may be stopping the anvils already
      devnet.endSupervision()
      // the bridge roles write nothing the server reads: they stop first, before the anvils they poll go
      void stopRoles()
    },
    close,
  }
}
