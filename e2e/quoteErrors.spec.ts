import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { firstChain, openConnected } from './fixtures/session'
import { expect, test } from './fixtures/wallet'

test.describe('quote errors tell the truth', () => {
  test('a failed refresh greys out the stale quote, blocks review and offers a retry', async ({
    page,
    wallet,
  }) => {
    const chain = firstChain(wallet)
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)
    await swap.payInput.fill('0.5')
    await swap.waitForQuotes()
    await expect(swap.reviewButton).toBeEnabled()
    const stale = swap.card.getByRole('alert').filter({ hasText: /^Could not refresh the quote/ })

    await test.step('the API fails while refreshing', async () => {
      await page.route('**/quote/single?*', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 503,
            message: 'node down',
            error: { code: 'UPSTREAM_UNAVAILABLE' },
            requestId: 'e2e',
          }),
        }),
      )
      await swap.card.getByRole('button', { name: 'Refresh quotes' }).click()
      await expect(stale).toBeVisible({ timeout: 20_000 })
      await expect(stale).toContainText('A network node or the database is not answering.')
      await expect(swap.quotes.locator('xpath=..')).toHaveAttribute('data-outdated', 'true')
      await expect(swap.quotes.locator('xpath=..')).toHaveClass(/grayscale/)
      await expect(swap.actionButton('No quote available')).toBeDisabled()
      await expectNoSeriousViolations(page, 'main')
    })

    await test.step('retry after the API recovers brings the quote back', async () => {
      await page.unroute('**/quote/single?*')
      await stale.getByRole('button', { name: 'Retry' }).click()
      await expect(stale).toHaveCount(0)
      await expect(swap.reviewButton).toBeEnabled()
      await expect(swap.quotes.locator('xpath=..')).toHaveAttribute('data-outdated', 'false')
    })
  })

  test('a 1-wei amount is below what any route can fill', async ({ page, wallet }) => {
    const chain = firstChain(wallet)
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)
    await swap.payInput.fill('0.000000000000000001')
    await expect(swap.card.getByRole('alert')).toHaveText(
      'The amount is below what any route can fill. Enter a larger amount.',
    )
    await expect(swap.card.getByText(/Try a smaller amount/)).toHaveCount(0)
  })

  test('exact output of a fee-on-transfer token says why it cannot be quoted', async ({ page, wallet }) => {
    const chain = firstChain(wallet)
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=TAX`)
    await swap.receiveInput.fill('10')
    await expect(swap.card.getByRole('alert')).toHaveText(
      'This token takes a fee on transfer, so the amount received cannot be set exactly. Enter the amount to pay instead.',
    )
  })
})
