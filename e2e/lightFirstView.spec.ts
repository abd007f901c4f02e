import { expect, type Page, test } from '@playwright/test'
import { AppPage } from './pages/AppPage'

/** The path of every script the page requests from its own origin, in order. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname)
  })
  return scripts
}

/**
 * The wallet module's entry chunk (`wallet-<hash>.js`, named in vite.config.ts; the same name as when it loaded
 * with the first view).
 */
const walletScripts = (scripts: readonly string[]) =>
  scripts.filter((path) => /\/assets\/wallet-[A-Za-z0-9_-]{8}\.js$/.test(path))

test.describe('a light first view', () => {
  test('the app loads no wallet code until Connect, which loads it and opens the wallet list', async ({
    page,
  }) => {
    const scripts = recordScripts(page)
    const app = new AppPage(page)
    await app.goto()
    await expect(page.getByRole('region', { name: /^Swap on / })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(walletScripts(scripts)).toEqual([])

    await app.connectButton.click()
    await expect(app.walletDialog).toBeVisible()
    await expect(app.walletDialog.getByRole('button', { name: 'Devnet wallet', exact: true })).toBeVisible()
    expect(walletScripts(scripts)).toHaveLength(1)
  })

  test('the widget loads no wallet code before Connect', async ({ page }) => {
    const scripts = recordScripts(page)
    await page.goto('/widget')
    await expect(page.getByRole('region', { name: /^Swap on / })).toBeVisible()
    const connect = page.getByRole('button', { name: 'Connect wallet', exact: true })
    await expect(connect).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(walletScripts(scripts)).toEqual([])

    await connect.click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(walletScripts(scripts)).toHaveLength(1)
  })
})
