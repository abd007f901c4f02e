import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { type AppDeps, createApp } from '../app'
import { loadConfig } from '../config'
import { createLogger } from '../logger'
import { createMarkets } from '../market/createMarkets'
import { schema } from '../store/schema'
import { createFakeDeployments } from './fakeDeployments'

let emptyMemory: PGlite | undefined

/**
 * The store of apps built without one: an in-memory PGlite without tables, one per test process (every app
 * shares it; nothing can write to it), so a test file building many apps starts one database, not one each.
 */
function emptyStore(): NonNullable<AppDeps['store']> {
  emptyMemory ??= new PGlite()
  return { db: drizzle(emptyMemory, { schema }), driver: 'pglite', close: async () => undefined }
}

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
  const app = createApp({
    config: loadConfig({}),
    deployments,
    logger,
    distDir: '/nonexistent/dist',
    markets: createMarkets({ deployments, pollIntervalMs: 1_000 }),
    ...overrides,
    store: overrides.store ?? emptyStore(),
  })
  return { app, logLines }
}
