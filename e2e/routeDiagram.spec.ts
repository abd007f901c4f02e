import { getFirstChainSetup, openConnected } from './fixtures/session'
import { expect, test } from './fixtures/wallet'

interface QuoteAnswer {
  protocol: { name: string; route: string[]; percentage: number }[]
}

test('a split of 24 legs reads as one line, its legs listed in the review on demand', async ({
  page,
  wallet,
  baseURL,
}) => {
  const { chain } = await getFirstChainSetup(wallet, baseURL)
  // the devnet's small market rarely splits so far: the answer's best quote is made a 24-leg split, as a large
  // trade on a deep market routes (the screen shows whatever route the API answers)
  await page.route('**/quote/single?**', async (route) => {
    const response = await route.fetch()
    const quotes = (await response.json()) as QuoteAnswer[]
    const [best] = quotes
    const leg = best?.protocol[0]
    if (best && leg)
      best.protocol = Array.from({ length: 24 }, (_, i) => ({
        ...leg,
        name: i < 20 ? 'SushiSwap' : 'Uniswap V3',
        percentage: i < 20 ? 2 : 15,
      }))
    await route.fulfill({ response, json: quotes })
  })
  const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)
  await swap.payInput.fill('0.5')
  await swap.waitForQuotes()
  const line = 'Split over 24 routes via Uniswap V3, SushiSwap'
  await expect(swap.quotes.getByRole('radio').first()).toHaveAccessibleName(new RegExp(`${line}$`))

  await swap.reviewButton.click()
  await expect(swap.reviewDialog).toBeVisible()
  const legs = swap.reviewDialog.getByRole('list', { name: 'Route legs' })
  await expect(swap.reviewValue('Route')).toContainText(line)
  await expect(legs).toBeHidden()
  await swap.reviewValue('Route').getByText(line).click()
  await expect(legs.getByRole('listitem')).toHaveCount(24)
  await expect(legs.getByRole('listitem').last()).toHaveText(/^15%\s*ETH → USDC|^15%\s*WETH → USDC/)
})
