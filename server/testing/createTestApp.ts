import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { type AppDeps, createApp } from '../app'
import { loadConfig } from '../config'
import { createLogger } from '../logger'
import { createMarkets } from '../market/createMarkets'
import { schema } from '../store/schema'
import { createFakeDeployments } from './fakeDeployments'

/**
 * Builds the app for an in-process test with fake deployments, a logger whose JSON lines land in the
 * returned `logLines`, and a `dist` directory that does not exist unless overridden. Markets are created
 * but not started, and the store is an empty in-memory PGlite without tables: tests of quotes or
 * records pass real ones through `overrides`.
 */
export function createTestApp(overrides: Partial<AppDeps> = {}) {
  const logLines: Record<string, unknown>[] = []
  const logger = createLogger({ level: 'debug', write: (line) => logLines.push(JSON.parse(line)) })
  const deployments = overrides.deployments ?? createFakeDeployments()
  const memory = new PGlite()
  const app = createApp({
    config: loadConfig({}),
    deployments,
    logger,
    distDir: '/nonexistent/dist',
    markets: createMarkets({ deployments, pollIntervalMs: 1_000 }),
    store: { db: drizzle(memory, { schema }), driver: 'pglite', close: () => memory.close() },
    ...overrides,
  })
  return { app, logLines }
}
