import { availableParallelism } from 'node:os'
import type { TestProject } from 'vitest/node'
import { getPgliteTemplateDir } from '../store/getPgliteTemplateDir'
import { sharedDevnetDataDir } from './sharedDevnetDataDir'
import { startSharedDevnets } from './startSharedDevnets'

/**
 * Vitest's global setup (vitest.config.ts), run once before any test file: builds the shared PGlite template
 * that `openTestStore` copies, so its initdb (up to a minute on a loaded machine) counts against no test's
 * timeout and two workers never build it at once (a no-op when the template is there already). With
 * `TEST_SHARED_DEVNET=1` (the whole suite, `npm run test:unit`) it also starts one devnet per worker, which the
 * files needing chains claim in turn instead of starting their own; a file run alone starts its own. The
 * returned function stops them after the run.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = getPgliteTemplateDir()
  if (process.env.TEST_SHARED_DEVNET !== '1') {
    await template
    return async () => undefined
  }
  const devnets = await startSharedDevnets({ count: workerCountOf(project), dataDir: sharedDevnetDataDir })
  try {
    await template
  } catch (error: unknown) {
    await devnets.stop()
    throw error
  }
  project.provide('sharedDevnets', devnets.infos)
  return () => devnets.stop()
}

/** How many workers vitest runs the files in: its own rule for `maxWorkers` (one core less than the machine's). */
function workerCountOf(project: TestProject): number {
  return (
    project.config.maxWorkers ?? project.vitest.config.maxWorkers ?? Math.max(availableParallelism() - 1, 1)
  )
}
