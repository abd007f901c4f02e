import type { Locator, Page, TestInfo } from '@playwright/test'
import { test as walletTest } from './fixtures/wallet'

/** The wallet fixture plus the demo host page's URL (another origin than the widget's, see playwright.config.ts). */
const test = walletTest.extend<{ widgetDemoURL: string }>({
  widgetDemoURL: ['http://127.0.0.1:8791', { option: true }],
})
const { expect } = test

/*
 * RainbowKit styles its buttons only inside a `[data-rk]` element (its class rules and theme variables are scoped
 * to it). Its button, drawn into the app's header through a portal, outside the provider's element, used to come
 * out as raw text ("Ethereum0x70…79C8" with stray chevrons). These figures are RainbowKit's own, from the theme
 * WalletProviders builds: the account button's background (lightTheme #FFF, darkTheme #1A1B1F), the connect
 * button's background (the app's accent in each theme) and the `medium` radius (8 px, RainbowKit's
 * `connectButton`).
 */
const themes = [
  { scheme: 'light', accountBackground: 'rgb(255, 255, 255)', connectBackground: 'rgb(15, 118, 110)' },
  { scheme: 'dark', accountBackground: 'rgb(26, 27, 31)', connectBackground: 'rgb(45, 212, 191)' },
] as const
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

const shortAddress = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/** Saves a screenshot of `locator` beside the test's output and attaches it to the report, to look at. */
async function attachShot(page: Page, locator: Locator, name: string, testInfo: TestInfo) {
  const path = testInfo.outputPath(`${name}.png`)
  await locator.screenshot({ path, animations: 'disabled' })
  await testInfo.attach(name, { path, contentType: 'image/png' })
  expect(page.isClosed()).toBe(false)
}

/** Asserts the connected control is RainbowKit's styled account button alone: no chain button, no loose text. */
async function expectStyledAccountButton(params: {
  scope: Locator
  address: string | RegExp
  background: string
}) {
  const account = params.scope.getByTestId('rk-account-button')
  await expect(account).toBeVisible()
  // the avatar (an emoji) and the chevron's title aside, the button reads the short address
  await expect(account.getByText(/^0x/)).toHaveText(params.address)
  // toHaveCSS waits: after a theme change the background passes through a transition
  await expect(account).toHaveCSS('background-color', params.background)
  // RainbowKit's radius is on the button's inner box
  await expect(account.locator('div').first()).toHaveCSS('border-top-left-radius', '8px')
  // chainStatus="none": RainbowKit hides its chain button with its own CSS
  await expect(params.scope.getByTestId('rk-chain-button')).toBeHidden()
}

test.describe('the wallet control keeps RainbowKit styles wherever it is drawn', () => {
  for (const viewport of viewports)
    for (const theme of themes)
      test(`${viewport.name} ${viewport.width}x${viewport.height}, ${theme.scheme} theme: connect, dismiss, connect`, async ({
        app,
        page,
        wallet,
      }, testInfo) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height })
        await page.emulateMedia({ colorScheme: theme.scheme })
        await app.goto()
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme.scheme)

        await test.step('opening and dismissing Connect leaves RainbowKit’s styled Connect button', async () => {
          await app.connectButton.click()
          await expect(app.walletDialog).toBeVisible()
          await page.keyboard.press('Escape')
          await expect(app.walletDialog).toBeHidden()
          const connect = app.header.getByRole('button', { name: 'Connect wallet', exact: true })
          await expect(connect).toHaveAttribute('data-testid', 'rk-connect-button')
          await expect(connect).toHaveCSS('background-color', theme.connectBackground)
          await expect(connect).toHaveCSS('border-top-left-radius', '8px')
          await attachShot(page, app.header, `dismissed-${viewport.name}-${theme.scheme}`, testInfo)
        })

        await test.step('connected, the account button is styled and reads the short address only', async () => {
          await app.connect('E2E Wallet')
          await expectStyledAccountButton({
            scope: app.header,
            address: shortAddress(wallet.address),
            background: theme.accountBackground,
          })
          await expect(app.header).not.toContainText(/Ethereum0x/)
          await attachShot(page, app.header, `connected-${viewport.name}-${theme.scheme}`, testInfo)
        })
      })

  test('in the widget (324 px iframe on another origin), dark and light', async ({
    demo,
    page,
    widgetDemoURL,
  }, testInfo) => {
    await demo.goto(widgetDemoURL, { config: { theme: 'dark' } })
    await demo.iframe.evaluate((iframe: HTMLElement) => {
      iframe.style.width = '324px'
    })
    await demo.connect('Devnet wallet')
    const frame = demo.widget.locator('main')
    await expectStyledAccountButton({
      scope: frame,
      address: /^0x[0-9a-fA-F]{2}…[0-9a-fA-F]{4}$/,
      background: 'rgb(26, 27, 31)',
    })
    await attachShot(page, demo.iframe, 'widget-dark', testInfo)
    await demo.applyConfig({ theme: 'light' })
    await expect(demo.widget.locator('html')).toHaveAttribute('data-theme', 'light')
    await expectStyledAccountButton({
      scope: frame,
      address: /^0x[0-9a-fA-F]{2}…[0-9a-fA-F]{4}$/,
      background: 'rgb(255, 255, 255)',
    })
    await attachShot(page, demo.iframe, 'widget-light', testInfo)
  })
})
