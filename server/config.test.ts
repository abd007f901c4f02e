import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (error: unknown) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('expected loadConfig to throw')
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      devnetPortBase: 8545,
      devnetMarket: 'small',
      dataDir: './data',
      networkConfigPath: undefined,
      databaseUrl: undefined,
      authRequired: [],
      rateLimitPerMinuteKey: 600,
      rateLimitPerMinuteIp: 300,
      rateLimitBackend: 'memory',
      trustProxy: false,
      quoteTtlSec: 30,
      logLevel: 'info',
      walletConnectProjectId: undefined,
      registerErrorMaxInputBytes: 100_000,
      maxBodyBytes: 1_000_000,
      rateLimitPerMinuteRpc: 1_200,
      rpcMaxLogBlockRange: 10_000,
      registerErrorPerMinuteIp: 10,
      registerErrorRetentionDays: 30,
      healthTimeoutMs: 1_500,
      widgetFrameAncestors: [],
      widgetDemoPort: 8788,
      devnetRelayDelayMs: 3_000,
      routingWorkers: Math.max(1, availableParallelism()),
      quoteWarmUp: true,
    })
  })

  it('reads the widget frame ancestors and the demo port (0 turns the demo off)', () => {
    const config = loadConfig({
      WIDGET_FRAME_ANCESTORS: 'https://a.example, http://localhost:3000',
      WIDGET_DEMO_PORT: '0',
    })
    expect(config.widgetFrameAncestors).toEqual(['https://a.example', 'http://localhost:3000'])
    expect(config.widgetDemoPort).toBeUndefined()
    expect(loadConfig({ PORT: '3000', WIDGET_DEMO_PORT: '3100' }).widgetDemoPort).toBe(3100)
    expect(() => loadConfig({ WIDGET_FRAME_ANCESTORS: "https://a.example/x 'unsafe-inline'" })).toThrow(
      'WIDGET_FRAME_ANCESTORS: expected comma-separated origins such as https://example.com',
    )
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DEVNET_PORT_BASE: '9545',
      DEVNET_MARKET: 'large',
      DATA_DIR: '/var/lib/swap',
      NETWORK_CONFIG: './networks.json',
      DATABASE_URL: 'postgresql://u:p@db:5432/swap',
      AUTH_REQUIRED: 'single, cross',
      RATE_LIMIT_PER_MINUTE_KEY: '1000',
      RATE_LIMIT_PER_MINUTE_IP: '0',
      RATE_LIMIT_BACKEND: 'database',
      TRUST_PROXY: 'true',
      QUOTE_TTL_SEC: '45',
      LOG_LEVEL: 'debug',
      WALLETCONNECT_PROJECT_ID: 'abc123',
      REGISTER_ERROR_MAX_INPUT_BYTES: '2048',
      MAX_BODY_BYTES: '65536',
      RATE_LIMIT_PER_MINUTE_RPC: '100',
      RPC_MAX_LOG_BLOCK_RANGE: '500',
      REGISTER_ERROR_PER_MINUTE_IP: '3',
      REGISTER_ERROR_RETENTION_DAYS: '7',
      HEALTH_TIMEOUT_MS: '2500',
      WIDGET_FRAME_ANCESTORS: 'https://shop.example',
      WIDGET_DEMO_PORT: '3001',
      DEVNET_RELAY_DELAY_MS: '0',
      ROUTING_WORKERS: '3',
      QUOTE_WARM_UP: 'false',
    })
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      devnetPortBase: 9545,
      devnetMarket: 'large',
      dataDir: '/var/lib/swap',
      networkConfigPath: './networks.json',
      databaseUrl: 'postgresql://u:p@db:5432/swap',
      authRequired: ['single', 'cross'],
      rateLimitPerMinuteKey: 1000,
      rateLimitPerMinuteIp: 0,
      rateLimitBackend: 'database',
      trustProxy: true,
      quoteTtlSec: 45,
      logLevel: 'debug',
      walletConnectProjectId: 'abc123',
      registerErrorMaxInputBytes: 2048,
      maxBodyBytes: 65_536,
      rateLimitPerMinuteRpc: 100,
      rpcMaxLogBlockRange: 500,
      registerErrorPerMinuteIp: 3,
      registerErrorRetentionDays: 7,
      healthTimeoutMs: 2_500,
      widgetFrameAncestors: ['https://shop.example'],
      widgetDemoPort: 3001,
      devnetRelayDelayMs: 0,
      routingWorkers: 3,
      quoteWarmUp: false,
    })
  })

  it('treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '', WALLETCONNECT_PROJECT_ID: '  ', DATABASE_URL: '' })
    expect([config.port, config.walletConnectProjectId, config.databaseUrl]).toEqual([
      8787,
      undefined,
      undefined,
    ])
  })

  it('expands AUTH_REQUIRED=all to every group in a stable order', () => {
    expect(loadConfig({ AUTH_REQUIRED: 'all' }).authRequired).toEqual([
      'info',
      'approval',
      'single',
      'cross',
      'gasless',
      'register-error',
      'rpc',
    ])
    expect(loadConfig({ AUTH_REQUIRED: 'gasless,info' }).authRequired).toEqual(['info', 'gasless'])
  })

  it.each([
    ['abc', 'PORT: expected an integer from 1 to 65535, got "abc"'],
    ['0', 'PORT: expected an integer from 1 to 65535, got "0"'],
    ['65536', 'PORT: expected an integer from 1 to 65535, got "65536"'],
    ['80.5', 'PORT: expected an integer from 1 to 65535, got "80.5"'],
  ])('rejects PORT=%s naming the variable', (port, problem) => {
    const error = configError({ PORT: port })
    expect(error.problems).toEqual([problem])
    expect(error.message).toBe(`Invalid configuration:\n  ${problem}`)
  })

  it('routes on the event loop with ROUTING_WORKERS=0 and rejects a negative count', () => {
    expect(loadConfig({ ROUTING_WORKERS: '0' }).routingWorkers).toBe(0)
    expect(configError({ ROUTING_WORKERS: '-1' }).problems).toEqual([
      'ROUTING_WORKERS: expected an integer from 0 to 256, got "-1"',
    ])
  })

  it('warms quotes up unless QUOTE_WARM_UP is false', () => {
    expect(loadConfig({}).quoteWarmUp).toBe(true)
    expect(loadConfig({ QUOTE_WARM_UP: '0' }).quoteWarmUp).toBe(false)
    expect(configError({ QUOTE_WARM_UP: 'maybe' }).problems).toEqual([
      'QUOTE_WARM_UP: expected true or false, got "maybe"',
    ])
  })

  it('rejects a DEVNET_MARKET that is not small or large', () => {
    expect(() => loadConfig({ DEVNET_MARKET: 'huge' })).toThrow(
      'DEVNET_MARKET: expected one of small, large, got "huge"',
    )
  })

  it('accepts the PORT boundaries 1 and 65535', () => {
    expect(loadConfig({ PORT: '1' }).port).toBe(1)
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535)
  })

  it('reports every invalid variable at once', () => {
    const error = configError({
      TRUST_PROXY: 'maybe',
      AUTH_REQUIRED: 'single,trades',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://x',
    })
    expect(error.problems).toEqual([
      'DATABASE_URL: expected a postgres:// or postgresql:// URL, got "mysql://x"',
      "AUTH_REQUIRED: unknown group(s) trades; expected 'all', 'none' or a comma list of info, approval, single, cross, gasless, register-error, rpc, got \"single,trades\"",
      'TRUST_PROXY: expected true or false, got "maybe"',
      'LOG_LEVEL: expected one of debug, info, warn, error, silent, got "loud"',
    ])
  })
})
