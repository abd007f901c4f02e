import { readBalance, recordQuotes } from './fixtures/chainHelpers'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { getFirstChainSetup } from './fixtures/session'
import { expect, test } from './fixtures/wallet'

test.describe('routes', () => {
  test('the history page opens by URL and the page links move between it and the swap page', async ({
    swap,
    app,
    page,
  }) => {
    await test.step('open /history directly', async () => {
      await page.goto('/history')
      await expect(app.historyHeading).toBeVisible()
      await expect(page.getByText('Connect a wallet to see your swaps.')).toBeVisible()
      await expect(app.mainNav.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page')
      await expect(swap.card).toHaveCount(0)
    })

    await test.step('the Swap link opens the swap page without a reload', async () => {
      await page.evaluate(() => {
        Object.assign(window, { e2eSamePage: true })
      })
      await app.mainNav.getByRole('link', { name: 'Swap' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/')
      await expect(swap.payInput).toBeVisible()
      expect(await page.evaluate(() => 'e2eSamePage' in window)).toBe(true)
    })

    await test.step('the History link comes back', async () => {
      await app.mainNav.getByRole('link', { name: 'History' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/history')
      await expect(app.historyHeading).toBeVisible()
    })
  })

  test('an unknown path shows the not-found view, whose link leads back to the swap page', async ({
    swap,
    app,
    page,
  }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(200)
    await expect(app.notFoundHeading).toBeVisible()
    await expect(page.getByText('/no/such/page', { exact: true })).toBeVisible()
    await expect(swap.card).toHaveCount(0)
    await expectNoSeriousViolations(page, 'main')

    await app.backToSwapLink.click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/')
    await expect(swap.payInput).toBeVisible()
    await expect(app.notFoundHeading).toHaveCount(0)
  })

  test('an unknown API path still answers 404 JSON, not the app', async ({ request }) => {
    const response = await request.get('/trade/v1/no-such-route')
    expect(response.status()).toBe(404)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
  })

  test('/widget: the swap card without page chrome, and a swap through it', async ({
    swap,
    app,
    page,
    wallet,
    baseURL,
  }) => {
    const { chain, token } = await getFirstChainSetup(wallet, baseURL)
    const usdc = token('USDC')

    await test.step('the widget shows the card, the network and the wallet button, no header', async () => {
      await page.goto(`/widget?chain=${chain.id}&from=ETH&to=USDC`)
      await expect(swap.payInput).toBeVisible()
      await expect(app.networkSelect).toHaveValue(String(chain.id))
      await expect(app.connectButton).toBeVisible()
      await expect(app.header).toHaveCount(0)
      await expect(app.mainNav).toHaveCount(0)
      await expect(app.themeToggle).toHaveCount(0)
      await expect(app.historyHeading).toHaveCount(0)
      await expect(page.getByRole('heading', { name: /^Balances on / })).toHaveCount(0)
      await expectNoSeriousViolations(page, 'main')
    })

    await test.step('connect and swap 0.1 ETH for USDC', async () => {
      const quotes = recordQuotes(page)
      const before = await readBalance({ chain, token: usdc.address, address: wallet.address })
      await app.connect('E2E Wallet')
      await swap.payInput.fill('0.1')
      await swap.waitForQuotes()
      await expect(page).toHaveURL(/\/widget\?.*amount=0\.1/)
      await swap.reviewButton.click()
      const [best] = quotes.last()
      if (best === undefined) throw new Error('no best quote')
      await swap.confirm()
      const after = await readBalance({ chain, token: usdc.address, address: wallet.address })
      expect(after - before).toBe(BigInt(best.toTokenAmount))
    })
  })

  test('a destination network is offered only while some chain advertises a cross-chain flow', async ({
    page,
  }) => {
    const advertise = (crossChain: boolean) =>
      page.route(/\/trade\/v1\/info\/chains(\?|$)/, async (route) => {
        const response = await route.fetch()
        const chains = (await response.json()) as { flows: Record<string, boolean> }[]
        await route.fulfill({
          response,
          json: chains.map((chain) => ({
            ...chain,
            flows: { ...chain.flows, crossChain, utxo: crossChain },
          })),
        })
      })

    await test.step('no cross-chain flow: one network selector', async () => {
      await advertise(false)
      await page.goto('/')
      await expect(page.getByRole('combobox', { name: 'Network', exact: true })).toBeVisible()
      await expect(page.getByRole('combobox', { name: 'To network' })).toHaveCount(0)
    })

    await test.step('a cross-chain flow: source and destination selectors', async () => {
      await page.unrouteAll()
      await advertise(true)
      await page.reload()
      await expect(page.getByRole('combobox', { name: 'From network' })).toBeVisible()
      const destination = page.getByRole('combobox', { name: 'To network' })
      await expect(destination).toBeVisible()
      const options = await destination.getByRole('option').allTextContents()
      const other = options[1]
      if (other === undefined) throw new Error('the devnet needs at least two chains')
      await destination.selectOption({ label: other })
      await expect(
        page
          .getByRole('region', { name: 'Cross-chain swap' })
          .getByRole('heading', { name: new RegExp(` to ${other}$`) }),
      ).toBeVisible()
    })
  })
})
