import { test as plain } from '@playwright/test'
import { findWalletUrl } from '../web/features/wallet/browserWallet'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { firstChain, openConnected } from './fixtures/session'
import { expect, test } from './fixtures/wallet'
import { AppPage } from './pages/AppPage'

plain('a browser wallet without an extension explains and links instead of spinning', async ({ page }) => {
  const app = new AppPage(page)
  await app.goto()
  await app.connectButton.click()
  await expect(app.walletDialog).toContainText(
    'No wallet extension was found in this browser. Find a wallet, install it and reload this page, or use the Devnet wallet (test money, no extension needed).',
  )
  await app.walletDialog.getByRole('button', { name: 'Browser Wallet', exact: true }).click()
  await expect(app.walletDialog).toContainText('Get Browser Wallet')
  await expect(app.walletDialog.getByRole('link').first()).toHaveAttribute('href', findWalletUrl)
  await expect(app.walletDialog.getByText(/^Opening /)).toHaveCount(0)
})

test.describe('wallet edges', () => {
  test('a rejected connect returns to the wallet list, and the next choice connects', async ({
    app,
    page,
    wallet,
  }) => {
    await app.goto()
    await app.connectButton.click()
    wallet.rejectNextRequest()
    await app.walletDialog.getByRole('button', { name: 'E2E Wallet', exact: true }).click()
    await expect(page.getByText('The wallet did not connect. Choose a wallet to try again.')).toBeAttached()
    const choice = app.walletDialog.getByRole('button', { name: 'E2E Wallet', exact: true })
    await expect(choice).toBeVisible()
    await choice.click()
    await expect(app.walletDialog).toBeHidden()
    await expect(app.accountText(wallet.address)).toBeVisible()
    await expect(page.getByText('The wallet did not connect.', { exact: false })).toHaveCount(0)
  })

  test('the devnet wallet keeps its network over a reload, is labelled test money and tops up', async ({
    swap,
    app,
    page,
    wallet,
  }) => {
    const [, second] = wallet.chains
    if (second === undefined) throw new Error('the devnet needs two chains')
    await app.goto()
    await app.connect('Devnet wallet')
    await expect(page.getByText(/^0x[0-9a-fA-F]{40}$/)).toBeVisible()

    await test.step('the balances say test money; Top up adds to them', async () => {
      await app.selectNetwork(second.name)
      const label = page.getByText('Devnet: test money with no real value')
      await expect(label).toBeVisible()
      const native = app.balanceCell(second.name, second.nativeCurrency.symbol)
      await expect(native).toHaveText(/\d/)
      const before = Number((await native.textContent())?.replaceAll(',', ''))
      await page.getByRole('button', { name: 'Top up' }).click()
      await expect(
        page.getByRole('status').filter({ hasText: /^Added [\d,.]+ \w+ and \d+ tokens\.$/ }),
      ).toBeVisible()
      await expect
        .poll(async () => Number((await native.textContent())?.replaceAll(',', '')))
        .toBeGreaterThan(before)
      await expectNoSeriousViolations(page, 'main')
    })

    await test.step('after a reload the wallet is still on the chosen network', async () => {
      await page.reload()
      await expect(swap.card).toHaveAccessibleName(`Swap on ${second.name}`)
      await expect(page.getByText(/^0x[0-9a-fA-F]{40}$/)).toBeVisible()
      await swap.selectToken('receive', 'USDC')
      await swap.payInput.fill('0.01')
      await swap.waitForQuotes()
      await expect(swap.reviewButton).toBeEnabled()
      await expect(swap.card.getByRole('button', { name: /^Switch wallet to/ })).toHaveCount(0)
    })
  })

  test('a reload while a swap is pending shows it pending and never offers it again as new', async ({
    page,
    wallet,
  }) => {
    const chain = firstChain(wallet)
    // the page never learns the outcome until the routes are removed: receipts read as not found, the trade
    // index as not yet indexed, the account's history as empty
    const hideOutcome = async () => {
      await page.route(`**/rpc/${chain.id}`, async (route) => {
        const body: unknown = route.request().postDataJSON()
        if (
          typeof body === 'object' &&
          body !== null &&
          'method' in body &&
          body.method === 'eth_getTransactionReceipt' &&
          'id' in body
        )
          return route.fulfill({ json: { jsonrpc: '2.0', id: body.id, result: null } })
        return route.fallback()
      })
      await page.route('**/trade/v1/info/history/**', (route) =>
        route.fulfill({ json: { items: [], nextCursor: null } }),
      )
      await page.route('**/trade/v1/info/trade/**', (route) =>
        route.fulfill({
          status: 404,
          json: { statusCode: 404, message: 'not indexed', error: { code: 'NOT_FOUND' }, requestId: 'e2e' },
        }),
      )
    }
    await hideOutcome()
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)
    await swap.payInput.fill('0.02')
    await swap.waitForQuotes()
    await swap.reviewButton.click()
    await swap.confirmButton.click()
    await expect(swap.reviewDialog.getByText('Swap submitted, waiting for confirmation…')).toBeVisible()

    const inFlight = swap.card.getByRole('list', { name: 'Swaps in flight' }).getByRole('status')
    await test.step('reload: the swap shows as pending and the same swap is not offered', async () => {
      await page.reload()
      await expect(swap.payInput).toHaveValue('0.02')
      await expect(inFlight).toHaveCount(1)
      await expect(inFlight).toContainText(/^Swap pending: 0\.02 ETH → ≈ [\d,.]+ USDC/)
      await expect(swap.actionButton('This swap is pending…')).toBeDisabled()
      await expect(swap.reviewButton).toHaveCount(0)
    })

    await test.step('once the outcome is known the card says so', async () => {
      await page.unrouteAll({ behavior: 'wait' })
      await expect(inFlight).toContainText(/^Swap confirmed: 0\.02 ETH → [\d,.]+ USDC/, { timeout: 30_000 })
      await expect(swap.reviewButton).toBeEnabled()
    })
  })
})
