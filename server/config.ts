import { availableParallelism } from 'node:os'
import { z } from 'zod'

/** Endpoint groups that `AUTH_REQUIRED` can put behind an API key. The trades endpoint always needs one. */
export const authGroups = ['info', 'approval', 'single', 'cross', 'gasless', 'register-error', 'rpc'] as const
export type AuthGroup = (typeof authGroups)[number]

export const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const

/**
 * `ROUTING_WORKERS` unless set: one routing worker per core. The event loop's own work is a tenth of a searched
 * quote's (it parses, dispatches and writes), so a core left to it idles: on 2 cores, on the large market at 32
 * clients, two workers answer 1.3-1.5x the cold quotes of one (`BENCH_MARKET=large npm run bench:quote`, Dec 3).
 * On the small market, whose quotes the workers' memos answer, two beat one only at 32 clients (bench/README.md).
 */
export const defaultRoutingWorkers = Math.max(1, availableParallelism())
export type LogLevel = (typeof logLevels)[number]

/**
 * Which market the devnet deploys (`DEVNET_MARKET`): `small`, about 40 pools per chain (tests, `npm start`), or
 * `large`, thousands of pools on chains 1 and 42161, so speed is measured on a market of a real chain's size.
 */
export type DevnetMarket = 'small' | 'large'
export const devnetMarkets: readonly DevnetMarket[] = ['small', 'large']

export interface Config {
  port: number
  host: string
  /** First port of the devnet's anvil chains (one port per chain, counting up). */
  devnetPortBase: number
  /** The devnet's market (`DEVNET_MARKET`): `small` (about 40 pools per chain) or `large` (thousands). */
  devnetMarket: DevnetMarket
  dataDir: string
  /** Path of a JSON file of chain deployments; when set the server runs in network mode (no devnet). */
  networkConfigPath: string | undefined
  /** PostgreSQL URL; when absent the store uses PGlite under `dataDir`. */
  databaseUrl: string | undefined
  authRequired: readonly AuthGroup[]
  rateLimitPerMinuteKey: number
  rateLimitPerMinuteIp: number
  rateLimitBackend: 'memory' | 'database'
  /** Trust `x-forwarded-for` for the client IP (only behind a proxy you control). */
  trustProxy: boolean
  quoteTtlSec: number
  logLevel: LogLevel
  walletConnectProjectId: string | undefined
  registerErrorMaxInputBytes: number
  /** Largest request body accepted on any route, in bytes; larger bodies answer 413 `PAYLOAD_TOO_LARGE`. */
  maxBodyBytes: number
  /** Requests per minute to `/rpc/{chainId}`, per API key or client IP (own budget); 0 = unlimited. */
  rateLimitPerMinuteRpc: number
  /** Widest `eth_getLogs` block range (`toBlock - fromBlock + 1`) the RPC proxy forwards. */
  rpcMaxLogBlockRange: number
  /** Anonymous `POST /api/register-error` requests per minute per client IP (on top of the API limit). */
  registerErrorPerMinuteIp: number
  /** Error registrations older than this many days are deleted in the background. */
  registerErrorRetentionDays: number
  /** How long `/health` waits for the database and each chain node before calling it down. */
  healthTimeoutMs: number
  /** Devnet mode: how long the LayerZero relayer leaves a packet in flight before the DVN verifies it. */
  devnetRelayDelayMs: number
  /**
   * Key of the trade attribution tags (at least 32 characters); when absent the server generates one
   * and keeps it in the database. Every process of one deployment must use the same value.
   */
  integratorTagSecret: string | undefined
  /** Origins allowed to frame `/widget` (`WIDGET_FRAME_ANCESTORS`); empty means any site. */
  widgetFrameAncestors: readonly string[]
  /** Port of the widget demo host page in devnet mode (`WIDGET_DEMO_PORT`, `PORT` + 1 by default); 0 = off. */
  widgetDemoPort: number | undefined
  /**
   * Private key (0x + 64 hex) of the gasless relayer (network mode; it must be allowlisted in each chain's
   * GaslessSettlement). Without it no relayer runs outside the devnet, which uses its own fixed key.
   */
  gaslessRelayerKey: `0x${string}` | undefined
  /**
   * Private key (0x + 64 hex) of the THORChain account that registers the memos of deposits paid without one
   * (`THORCHAIN_MEMO_REGISTRAR_KEY`, network mode; it pays 0.02 RUNE a registration). Without it deposits are built
   * with their memo only, outside the devnet, which uses its own fixed key.
   */
  thorchainMemoRegistrarKey: `0x${string}` | undefined
  /**
   * Worker threads that route quotes (`ROUTING_WORKERS`, default: one per core); 0 routes on the event loop.
   */
  routingWorkers: number
  /** Quote the hub pairs of every chain once before reporting ready (`QUOTE_WARM_UP`, default on; see `warmUpQuotes`). */
  quoteWarmUp: boolean
}

export class ConfigError extends Error {
  override name = 'ConfigError' as const
  /** One entry per invalid variable, e.g. `PORT: expected an integer from 1 to 65535, got "abc"`. */
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`)
    this.problems = problems
  }
}

const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

function integer(defaultValue: number, min: number, max: number) {
  return z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d+$/, `expected an integer from ${min} to ${max}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, `expected an integer from ${min} to ${max}`)
          .max(max, `expected an integer from ${min} to ${max}`),
      )
      .default(defaultValue),
  )
}

function optionalString() {
  return z.preprocess(emptyAsUndefined, z.string().trim().optional())
}

function flag(defaultValue: boolean) {
  return z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
      .transform((value) => value === 'true' || value === '1' || value === 'yes')
      .default(defaultValue),
  )
}

const booleanFlag = flag(false)

const authRequired = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .default('none')
    .transform((value, ctx): AuthGroup[] => {
      const items = value
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter((item) => item !== '')
      if (items.length === 1 && items[0] === 'none') return []
      if (items.length === 1 && items[0] === 'all') return [...authGroups]
      const unknown = items.filter((item) => !(authGroups as readonly string[]).includes(item))
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `unknown group(s) ${unknown.join(', ')}; expected 'all', 'none' or a comma list of ${authGroups.join(', ')}`,
        })
        return z.NEVER
      }
      return authGroups.filter((group) => items.includes(group))
    }),
)

const envSchema = z.object({
  PORT: integer(8787, 1, 65535),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  DEVNET_PORT_BASE: integer(8545, 1024, 65000),
  DEVNET_MARKET: z.preprocess(
    emptyAsUndefined,
    z.enum(devnetMarkets, { error: `expected one of ${devnetMarkets.join(', ')}` }).default('small'),
  ),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  NETWORK_CONFIG: optionalString(),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
      .optional(),
  ),
  AUTH_REQUIRED: authRequired,
  RATE_LIMIT_PER_MINUTE_KEY: integer(600, 0, 1_000_000),
  RATE_LIMIT_PER_MINUTE_IP: integer(300, 0, 1_000_000),
  RATE_LIMIT_BACKEND: z.preprocess(
    emptyAsUndefined,
    z.enum(['memory', 'database'], { error: "expected 'memory' or 'database'" }).default('memory'),
  ),
  TRUST_PROXY: booleanFlag,
  QUOTE_TTL_SEC: integer(30, 1, 3600),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(logLevels, { error: `expected one of ${logLevels.join(', ')}` }).default('info'),
  ),
  WALLETCONNECT_PROJECT_ID: optionalString(),
  REGISTER_ERROR_MAX_INPUT_BYTES: integer(100_000, 1, 10_000_000),
  MAX_BODY_BYTES: integer(1_000_000, 1_024, 100_000_000),
  RATE_LIMIT_PER_MINUTE_RPC: integer(1_200, 0, 1_000_000),
  RPC_MAX_LOG_BLOCK_RANGE: integer(10_000, 1, 100_000_000),
  REGISTER_ERROR_PER_MINUTE_IP: integer(10, 0, 1_000_000),
  REGISTER_ERROR_RETENTION_DAYS: integer(30, 1, 3_650),
  HEALTH_TIMEOUT_MS: integer(1_500, 100, 60_000),
  WIDGET_FRAME_ANCESTORS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value) => value.split(',').map((item) => item.trim()))
      .pipe(
        z.array(
          z
            .string()
            .regex(/^https?:\/\/[^/\s;,']+$/, 'expected comma-separated origins such as https://example.com'),
        ),
      )
      .default([]),
  ),
  WIDGET_DEMO_PORT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d+$/, 'expected an integer from 0 to 65535')
      .transform(Number)
      .pipe(z.number().max(65535, 'expected an integer from 0 to 65535'))
      .optional(),
  ),
  GASLESS_RELAYER_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'expected a 0x-prefixed 32-byte hex private key')
      .transform((value) => value as `0x${string}`)
      .optional(),
  ),
  THORCHAIN_MEMO_REGISTRAR_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'expected a 0x-prefixed 32-byte hex private key')
      .transform((value) => value as `0x${string}`)
      .optional(),
  ),
  DEVNET_RELAY_DELAY_MS: integer(3_000, 0, 600_000),
  ROUTING_WORKERS: integer(defaultRoutingWorkers, 0, 256),
  QUOTE_WARM_UP: flag(true),
  INTEGRATOR_TAG_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'expected at least 32 characters').optional(),
  ),
})

/**
 * Parses the server configuration from environment variables (pass `process.env`; this module is the
 * only one that reads it, and only through this argument). Empty strings count as unset. Throws a
 * `ConfigError` naming every invalid variable and what it expected.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const value = env[name]
      return value === undefined || name.endsWith('_SECRET')
        ? `${name}: ${issue.message}`
        : `${name}: ${issue.message}, got ${JSON.stringify(value)}`
    })
    throw new ConfigError(problems)
  }
  const e = result.data
  return {
    port: e.PORT,
    host: e.HOST,
    devnetPortBase: e.DEVNET_PORT_BASE,
    devnetMarket: e.DEVNET_MARKET,
    dataDir: e.DATA_DIR,
    networkConfigPath: e.NETWORK_CONFIG,
    databaseUrl: e.DATABASE_URL,
    authRequired: e.AUTH_REQUIRED,
    rateLimitPerMinuteKey: e.RATE_LIMIT_PER_MINUTE_KEY,
    rateLimitPerMinuteIp: e.RATE_LIMIT_PER_MINUTE_IP,
    rateLimitBackend: e.RATE_LIMIT_BACKEND,
    trustProxy: e.TRUST_PROXY,
    quoteTtlSec: e.QUOTE_TTL_SEC,
    logLevel: e.LOG_LEVEL,
    walletConnectProjectId: e.WALLETCONNECT_PROJECT_ID,
    registerErrorMaxInputBytes: e.REGISTER_ERROR_MAX_INPUT_BYTES,
    maxBodyBytes: e.MAX_BODY_BYTES,
    rateLimitPerMinuteRpc: e.RATE_LIMIT_PER_MINUTE_RPC,
    rpcMaxLogBlockRange: e.RPC_MAX_LOG_BLOCK_RANGE,
    registerErrorPerMinuteIp: e.REGISTER_ERROR_PER_MINUTE_IP,
    registerErrorRetentionDays: e.REGISTER_ERROR_RETENTION_DAYS,
    healthTimeoutMs: e.HEALTH_TIMEOUT_MS,
    devnetRelayDelayMs: e.DEVNET_RELAY_DELAY_MS,
    integratorTagSecret: e.INTEGRATOR_TAG_SECRET,
    routingWorkers: e.ROUTING_WORKERS,
    quoteWarmUp: e.QUOTE_WARM_UP,
    widgetFrameAncestors: e.WIDGET_FRAME_ANCESTORS,
    widgetDemoPort:
      e.WIDGET_DEMO_PORT === undefined
        ? e.PORT < 65535
          ? e.PORT + 1
          : undefined
        : e.WIDGET_DEMO_PORT || undefined,
    gaslessRelayerKey: e.GASLESS_RELAYER_KEY,
    thorchainMemoRegistrarKey: e.THORCHAIN_MEMO_REGISTRAR_KEY,
  }
}
