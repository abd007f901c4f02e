import { type AppDeps, createApp } from '../app'
import { loadConfig } from '../config'
import { createLogger } from '../logger'
import { createFakeDeployments } from './fakeDeployments'

/**
 * Builds the app for an in-process test with fake deployments, a logger whose JSON lines land in the
 * returned `logLines`, and a `dist` directory that does not exist unless overridden.
 */
export function createTestApp(overrides: Partial<AppDeps> = {}) {
  const logLines: Record<string, unknown>[] = []
  const logger = createLogger({ level: 'debug', write: (line) => logLines.push(JSON.parse(line)) })
  const app = createApp({
    config: loadConfig({}),
    deployments: createFakeDeployments(),
    logger,
    distDir: '/nonexistent/dist',
    ...overrides,
  })
  return { app, logLines }
}
