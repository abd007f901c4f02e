import { getPgliteTemplateDir } from '../store/getPgliteTemplateDir'

/**
 * Vitest's global setup (vitest.config.ts), run once before any test file: builds the shared PGlite template
 * that `openTestStore` copies, so its initdb (up to a minute on a loaded machine) counts against no test's
 * timeout and two workers never build it at once. A no-op when the template is there already.
 */
export async function setup(): Promise<void> {
  await getPgliteTemplateDir()
}
