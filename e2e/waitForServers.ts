import type { FullConfig } from '@playwright/test'

/** How long the servers beside the first may take to answer, counted from the first's answer. */
const timeoutMs = 300_000

/**
 * Playwright's global setup (playwright.config.ts): the one webServer command starts every server at once, but
 * Playwright waits only for the first's URL, and only for a 200 from `/health`, which a server answers as soon as
 * one chain's pools are loaded (the others answer 503 CHAIN_LOADING meanwhile); this waits until every project's
 * server answers `GET /health` with status `ok` (every chain answers and has its pools loaded) before any test
 * runs.
 */
export default async function waitForServers(config: FullConfig): Promise<void> {
  const baseUrls = new Set(
    config.projects.map((project) => project.use.baseURL).filter((url) => url !== undefined),
  )
  const deadline = Date.now() + timeoutMs
  await Promise.all([...baseUrls].map((baseUrl) => waitForHealth(`${baseUrl}/health`, deadline)))
}

async function waitForHealth(url: string, deadline: number): Promise<void> {
  for (;;) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      async (response) => response.ok && ((await response.json()) as { status?: unknown }).status === 'ok',
      () => false,
    )
    if (ok) return
    if (Date.now() > deadline) throw new Error(`${url} did not answer status ok within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}
