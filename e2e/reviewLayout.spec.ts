import { recordQuotes, setAllowance } from './fixtures/chainHelpers'
import { getFirstChainSetup, openConnected } from './fixtures/session'
import { expect, test } from './fixtures/wallet'

/*
 * The review's worst case: an approval to run first (its steps listed) and a price impact far above the typed-
 * confirmation threshold (a large USDC buy of the thin long-tail SHIB pool). The gravest warning, the box it asks
 * to type into and the button that acts must be on screen without scrolling, on a laptop and on a phone.
 */
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

/** The theme's danger colour (web/index.css, light theme): the card's button and the review's button at high impact. */
const dangerBackground = 'rgb(180, 35, 24)'

test.describe('the review keeps its action and its gravest warning in view', () => {
  for (const viewport of viewports)
    test(`${viewport.name} ${viewport.width}x${viewport.height}: approval steps and a high price impact`, async ({
      page,
      wallet,
      baseURL,
    }, testInfo) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height })
      await page.emulateMedia({ colorScheme: 'light' })
      const { chain, token, record } = await getFirstChainSetup(wallet, baseURL)
      await setAllowance({
        chain,
        account: wallet.account,
        token: token('USDC').address,
        spender: record.aggregator,
        amount: 0n,
      })
      const quotes = recordQuotes(page)
      const swap = await openConnected(page, `?chain=${chain.id}&from=USDC&to=SHIB`)
      await swap.payInput.fill('40000')
      await swap.waitForQuotes()
      const [best] = quotes.last()
      if (best === undefined) throw new Error('no best quote')
      expect(best.priceImpact).toBeGreaterThan(20)

      await test.step('the card’s own button turns red', async () => {
        await expect.soft(swap.reviewButton).toHaveCSS('background-color', dangerBackground)
      })

      await test.step('the review opens on the impact warning, its box and the button', async () => {
        await swap.reviewButton.click()
        await expect(swap.approvalSteps.getByRole('listitem')).toHaveCount(2)
        const warning = swap.reviewDialog.getByText(/^Price impact is \d+\.\d{2}%/)
        const action = swap.reviewDialog.getByRole('button', { name: 'Approve USDC and swap' })
        await expect(warning).toBeInViewport({ ratio: 1 })
        await expect(swap.impactConfirmInput).toBeInViewport({ ratio: 1 })
        await expect(action).toBeInViewport({ ratio: 1 })
        // the gravest warning comes before every other block of the review
        const [warningBox, detailsBox] = await Promise.all([
          warning.boundingBox(),
          swap.reviewDialog.getByRole('term').first().boundingBox(),
        ])
        expect((warningBox?.y ?? Number.POSITIVE_INFINITY) < (detailsBox?.y ?? 0)).toBe(true)
      })

      await test.step('typing the confirmation keeps the button where it is, and enables it', async () => {
        await swap.impactConfirmInput.fill('confirm')
        const action = swap.reviewDialog.getByRole('button', { name: 'Approve USDC and swap' })
        await expect(action).toBeEnabled()
        await expect(action).toHaveCSS('background-color', dangerBackground)
        await expect(action).toBeInViewport({ ratio: 1 })
        await page.screenshot({ path: testInfo.outputPath(`review-${viewport.name}.png`) })
      })
    })
})
