import { fileURLToPath } from 'node:url'
import { apiKeyAuth } from './auth/apiKeyAuth'
import { authGroupOf } from './auth/authGroupOf'
import type { AddressNetwork } from './chains/chainInfo'
import type { ChainDeployment } from './chains/deployment'
import type { MountedFlows } from './chains/getChainFlows'
import type { ProfileRoutes } from './chains/networkProfile'
import type { Config } from './config'
import { CROSS_PROVIDER_TIMEOUT_MS } from './cross/crossServices'
import { AppError } from './errors'
import type { GaslessRelayers } from './gasless/startGaslessRelayers'
import type { Logger } from './logger'
import type { Markets } from './market/createMarkets'
import { apiCors } from './middleware/apiCors'
import { corsPathPrefixes, matchesPathPrefix } from './middleware/apiPaths'
import { handleError } from './middleware/handleError'
import { limitBodySize } from './middleware/limitBodySize'
import { requestId } from './middleware/requestId'
import { requestLogger } from './middleware/requestLogger'
import { securityHeaders } from './middleware/securityHeaders'
import { createRouter } from './openapi/createRouter'
import { finalizeOpenApiDocument, type OpenApiDocument } from './openapi/finalizeOpenApiDocument'
import type { ThorchainProvider } from './providers/thorchain/createThorchainProvider'
import type { CrossChainProvider } from './providers/types'
import { getClientIp } from './rateLimit/getClientIp'
import { rateLimit } from './rateLimit/rateLimit'
import { toClientNetwork } from './rateLimit/toClientNetwork'
import { createApprovalRoutes } from './routes/approval'
import { createCrossRoutes } from './routes/cross'
import { createDocsRoutes } from './routes/docs'
import { createGaslessRoutes } from './routes/gasless'
import { createHealthRoutes } from './routes/health'
import { createHistoryRoutes } from './routes/history'
import { createInfoRoutes } from './routes/info'
import { createRegisterErrorRoutes, registerErrorMaxBodyBytes } from './routes/registerError'
import { createRpcProxyRoutes } from './routes/rpcProxy'
import { createSingleRoutes } from './routes/single'
import { createStaticRoutes } from './routes/static'
import { createTokenRoutes } from './routes/tokens'
import { createTradeRoutes } from './routes/trades'
import type { Store } from './store/createStore'
import { getIntegratorTagSecret } from './trades/getIntegratorTagSecret'

export interface AppDeps {
  config: Config
  deployments: readonly ChainDeployment[]
  /** The chains are a devnet's (`/info` marks them so the app offers its faucet). */
  isDevnet?: boolean
  /** Route modules of the network profile, mounted beside the API (the devnet's manifest, faucet, ledgers). */
  routes?: readonly ProfileRoutes[]
  logger: Logger
  /** Clock in ms since the epoch (quote expiry, rate limits); injectable for tests. */
  now?: () => number
  /** Built web app; defaults to dist/ at the repository root. */
  distDir?: string
  /** Pool snapshots, prices and gas per chain: quotes, swaps, tokens. */
  markets: Markets
  /** Database: API keys, rate limits, trades, error registrations. */
  store: Store
  /** Cross-chain providers mounted (none: the cross-chain paths answer NO_ROUTE). */
  cross?: {
    providers: readonly CrossChainProvider[]
    thorchain?: ThorchainProvider
    /** How UTXO addresses are written: `regtest` for the devnet's ledgers (default `mainnet`). */
    addressNetwork?: AddressNetwork
    /** `info/tx`'s memory of unknown hashes, ms (default `TX_MISS_TTL_MS`). */
    txMissTtlMs?: number
  }
  /** The gasless relayers (see `startGaslessRelayers`): their chains, woken by each stored order; none when absent. */
  gasless?: Pick<GaslessRelayers, 'chains' | 'wake'>
}

/** The integrator API; the web app's assets, token logos, docs, health and the RPC proxy are not counted. */
const rateLimitedPathPrefixes = ['/trade', '/v1', '/info', '/api'] as const

const defaultDistDir = fileURLToPath(new URL('../dist', import.meta.url))

const openApiInfo = {
  openapi: '3.1.0',
  info: {
    title: 'Swap aggregator API',
    version: '1.0.0',
    description:
      'Quotes and transaction data for token trades across exchanges and chains. Errors share one body: ' +
      '`{ statusCode, message, error: { code, details? }, requestId }`; `error.code` is stable. ' +
      'Amounts are decimal strings in base units; addresses are checksummed on output. ' +
      'The swap app can be embedded in other sites: `/widget.js` (or `/widget.mjs`) `mount(element, { config })` ' +
      'adds the `/widget` iframe, configured by URL parameters or `update(config)` at any time, with typed events ' +
      "(quote, route, approval, swap with hashes and amounts) and optionally the host page's wallet; an " +
      "integrator's `feePercentage`/`feeReceiver` and API key go to these endpoints as documented. See docs/api.md.",
  },
} as const

/**
 * Builds the whole HTTP application (production and tests alike): request id, request log, security
 * headers, CORS for integrator-facing paths, every route module, `/openapi.json`, `/docs` and the web
 * app. `onError` is the only place errors become responses (see `handleError`); unknown paths answer
 * 404 `NOT_FOUND` in the same shape. Mount further route modules before the static module.
 */
export function createApp(deps: AppDeps) {
  const { config, deployments, logger, markets, store } = deps
  const now = deps.now ?? Date.now
  const isDevnet = deps.isDevnet ?? false
  const onError = handleError(logger)
  const cors = apiCors()

  const app = createRouter()
  app.use(requestId())
  app.use(requestLogger(logger))
  app.use(
    securityHeaders({
      walletConnect: config.walletConnectProjectId !== undefined,
      widgetFrameAncestors: config.widgetFrameAncestors,
    }),
  )
  app.use((c, next) => (matchesPathPrefix(c.req.path, corsPathPrefixes) ? cors(c, next) : next()))
  app.onError(onError)
  app.notFound((c) => onError(new AppError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`), c))
  app.use(
    limitBodySize({
      maxBytes: config.maxBodyBytes,
      perPath: {
        '/api/register-error': Math.max(
          config.maxBodyBytes,
          registerErrorMaxBodyBytes(config.registerErrorMaxInputBytes),
        ),
      },
    }),
  )
  const limiter = rateLimit({
    perMinuteKey: config.rateLimitPerMinuteKey,
    perMinuteIp: config.rateLimitPerMinuteIp,
    backend: config.rateLimitBackend === 'database' ? store : 'memory',
    trustProxy: config.trustProxy,
    now,
  })
  const optionalKey = apiKeyAuth({ store, required: false, limiter })
  const requiredKey = apiKeyAuth({ store, required: true, limiter })
  app.use((c, next) => {
    const group = authGroupOf(c.req.path)
    return group !== undefined && config.authRequired.includes(group)
      ? requiredKey(c, next)
      : optionalKey(c, next)
  })
  const rpcLimiter = rateLimit({
    name: 'rpc',
    perMinuteKey: config.rateLimitPerMinuteRpc,
    perMinuteIp: config.rateLimitPerMinuteRpc,
    backend: config.rateLimitBackend === 'database' ? store : 'memory',
    trustProxy: config.trustProxy,
    now,
  })
  const registerErrorLimiter = rateLimit({
    name: 'register-error',
    perMinuteKey: 0,
    perMinuteIp: config.registerErrorPerMinuteIp,
    backend: config.rateLimitBackend === 'database' ? store : 'memory',
    trustProxy: config.trustProxy,
    now,
  })
  app.use('/rpc/*', rpcLimiter)
  app.use((c, next) =>
    matchesPathPrefix(c.req.path, rateLimitedPathPrefixes) &&
    !c.req.path.startsWith('/trade/v1/info/tokenLogo/')
      ? limiter(c, next)
      : next(),
  )
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', { type: 'http', scheme: 'bearer' })

  // Flows are advertised only where they are mounted: cross-chain providers, the liquidity network and
  // the gasless relayer add their chains here when they are mounted.
  const crossProviders = deps.cross?.providers ?? []
  const mountedFlows: MountedFlows = {
    singleChain: new Set(markets.all().map((market) => market.chainId)),
    // asked per request: the liquidity network knows its chains once THORNode has answered
    crossChain: {
      has: (id) => crossProviders.some((p) => p.flow === 'crossChain' && p.chainIds.includes(id)),
    },
    utxo: { has: (id) => crossProviders.some((p) => p.flow === 'utxo' && p.chainIds.includes(id)) },
    gasless: new Set(deps.gasless?.chains.keys()),
  }
  const api = app
    .route('/', createInfoRoutes({ deployments, isDevnet, config, mountedFlows }))
    .route('/', createHealthRoutes({ markets, logger, store, timeoutMs: config.healthTimeoutMs }))
    .route(
      '/',
      createRpcProxyRoutes({
        deployments,
        maxLogBlockRange: config.rpcMaxLogBlockRange,
        onHeadSeen: (chainId, blockNumber) => markets.get(chainId).poolSync.announceHead(blockNumber),
        chargeExtra: rpcLimiter.chargeExtra,
        clientOf: (c) => {
          const auth = c.get('auth')
          return auth === undefined
            ? `ip:${toClientNetwork(getClientIp(c, config.trustProxy))}`
            : `key:${auth.keyId}`
        },
      }),
    )
    .route(
      '/',
      createSingleRoutes(
        {
          markets,
          quoteTtlSec: config.quoteTtlSec,
          now,
          getTagSecret: () => getIntegratorTagSecret(store, config.integratorTagSecret),
          gaslessChains: deps.gasless?.chains,
        },
        logger,
      ),
    )
    .route(
      '/',
      createRegisterErrorRoutes({
        store,
        authRequired: config.authRequired.includes('register-error'),
        maxInputBytes: config.registerErrorMaxInputBytes,
        trustProxy: config.trustProxy,
        anonymousLimiter: registerErrorLimiter,
      }),
    )
    .route('/', createTradeRoutes({ store }))
    .route('/', createHistoryRoutes({ store, now }))
    .route('/', createTokenRoutes({ markets, db: store.db }))
    .route('/', createApprovalRoutes({ markets }))
    .route(
      '/',
      createCrossRoutes(
        {
          providers: crossProviders,
          ...(deps.cross?.thorchain === undefined ? {} : { thorchain: deps.cross.thorchain }),
          markets,
          store,
          getTagSecret: () => getIntegratorTagSecret(store, config.integratorTagSecret),
          addressNetwork: deps.cross?.addressNetwork ?? 'mainnet',
          ...(deps.cross?.txMissTtlMs === undefined ? {} : { txMissTtlMs: deps.cross.txMissTtlMs }),
          providerTimeoutMs: CROSS_PROVIDER_TIMEOUT_MS,
          now,
          logger,
        },
        logger,
      ),
    )
    .route(
      '/',
      createGaslessRoutes({
        markets,
        quoteTtlSec: config.quoteTtlSec,
        now,
        getTagSecret: () => getIntegratorTagSecret(store, config.integratorTagSecret),
        store,
        gaslessChains: deps.gasless?.chains ?? new Map(),
        ...(deps.gasless ? { wakeRelayer: deps.gasless.wake } : {}),
      }),
    )
  for (const routes of deps.routes ?? []) app.route('/', routes)

  let openApiDocument: OpenApiDocument | undefined
  app.get('/openapi.json', (c) => {
    openApiDocument ??= finalizeOpenApiDocument(app.getOpenAPI31Document(openApiInfo), {
      authRequired: config.authRequired,
    })
    return c.json(openApiDocument)
  })
  app.route('/', createDocsRoutes())
  app.route('/', createStaticRoutes({ distDir: deps.distDir ?? defaultDistDir }))
  return api
}

/** Type of the application for hono's typed `hc` client (a network profile's routes have types of their own). */
export type AppType = ReturnType<typeof createApp>
