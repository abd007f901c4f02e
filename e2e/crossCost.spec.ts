import { formatUnits } from 'viem'
import { formatPercent } from '../web/lib/formatPercent'
import { formatTokenAmount } from '../web/lib/formatTokenAmount'
import { formatUsd } from '../web/lib/formatUsd'
import { chainOf, readBalance } from './fixtures/chainHelpers'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { expect, test } from './fixtures/wallet'
import { readCrossQuotes } from './readCrossQuotes'

const zero = '0x0000000000000000000000000000000000000000'

interface CrossQuoteAnswer {
  providerInfo: { name: string }
  dstTrade: { toTokenAmount: string }
  transactionData: { params: { minQuote: string } }
  fromAmountUsd: number | null
  toAmountUsd: number | null
  priceImpact: number | null
}

test('cross-chain card: USD in and out, cost details, slippage, balance with Max, a review before sending', async ({
  app,
  page,
  wallet,
}) => {
  test.setTimeout(120_000)
  const arbitrum = chainOf(wallet, 42161)
  const ethereum = chainOf(wallet, 1)
  const requests: URL[] = []
  const quotes: CrossQuoteAnswer[][] = []
  page.on('response', async (response) => {
    if (!response.url().includes('/quote/cross') || !response.ok()) return
    // the request is counted once its answer is read: a poll on the last request's amount then finds its
    // offers, not the previous amount's while this stream is still being read (seen under load)
    const answer = await readCrossQuotes<CrossQuoteAnswer>(response)
    requests.push(new URL(response.url()))
    quotes.push(answer)
  })
  await page.goto('/?chain=1&toChain=42161')
  const card = page.getByRole('region', { name: 'Cross-chain swap' })
  await app.connect('E2E Wallet')
  const usd = (value: number | null) => formatUsd({ value, locale: 'en-US' }) ?? ''

  await test.step('the balance, and Max fills it less the fee and gas reserve', async () => {
    const balance = await readBalance({ chain: ethereum, token: zero, address: wallet.address })
    await expect(
      card.getByText(`Balance: ${formatTokenAmount({ amount: balance, decimals: 18, locale: 'en-US' })}`),
    ).toBeVisible()
    await card.getByRole('button', { name: 'Use maximum ETH balance' }).click()
    await expect(card.getByLabel('You pay on Ethereum')).toHaveValue(formatUnits(balance - 10n ** 16n, 18))
  })

  await test.step('USD in and out, minimum received and price impact as the API answers them', async () => {
    await card.getByLabel('You pay on Ethereum').fill('0.3')
    await expect(card.getByRole('radio').first()).toBeChecked()
    await expect.poll(() => requests.at(-1)?.searchParams.get('amount')).toBe('300000000000000000')
    const [best] = quotes.at(-1) ?? []
    if (best === undefined || best.priceImpact === null) throw new Error('no priced offer')
    await expect(card.getByText(usd(best.fromAmountUsd), { exact: true })).toBeVisible()
    await expect(card.getByText(usd(best.toAmountUsd), { exact: true })).toBeVisible()
    const cost = card.getByRole('definition')
    const details = card.getByLabel('Cost of this offer')
    await expect(details.getByRole('definition').first()).toHaveText(
      `${formatTokenAmount({ amount: BigInt(best.transactionData.params.minQuote), decimals: 18, locale: 'en-US', roundingMode: 'trunc' })} ETH`,
    )
    await expect(details.getByRole('definition').nth(1)).toHaveText(
      formatPercent({ value: best.priceImpact * 100, minimumFractionDigits: 2, locale: 'en-US' }),
    )
    await expect(details.getByRole('definition').nth(2)).toHaveText('1% (auto)')
    await expect(details.getByRole('definition').last()).toHaveText(/^\$\d+\.\d{2}$/)
    expect(await cost.count()).toBeGreaterThan(4)
    expect(requests.at(-1)?.searchParams.get('slippage')).toBe('0.01')
    await expectNoSeriousViolations(page, 'section[aria-label="Cross-chain swap"]')
  })

  await test.step('a custom slippage is sent to the API', async () => {
    await card.getByRole('button', { name: 'Cross-chain swap settings' }).click()
    const settings = page.getByRole('dialog', { name: 'Swap settings' })
    await settings.getByRole('textbox', { name: 'Custom slippage in percent' }).fill('2')
    await page.keyboard.press('Escape')
    await expect(settings).toBeHidden()
    await expect.poll(() => requests.at(-1)?.searchParams.get('slippage')).toBe('0.02')
    await expect(card.getByLabel('Cost of this offer').getByRole('definition').nth(2)).toHaveText(
      '2% (custom)',
    )
  })

  await test.step('the review lists the terms; only its button sends', async () => {
    const [best] = quotes.at(-1) ?? []
    await card.getByRole('button', { name: 'Review swap' }).click()
    const review = page.getByRole('dialog', { name: 'Review cross-chain swap' })
    await expect(review.getByLabel('Cost of this offer')).toBeVisible()
    await expect(review.getByText(usd(best?.toAmountUsd ?? null), { exact: true })).toBeVisible()
    await expectNoSeriousViolations(page, 'dialog')
    const before = await readBalance({ chain: arbitrum, token: zero, address: wallet.address })
    await review.getByRole('button', { name: 'Confirm swap' }).click()
    await expect(card.getByRole('status').filter({ hasText: 'Delivered' })).toBeVisible({ timeout: 90_000 })
    const after = await readBalance({ chain: arbitrum, token: zero, address: wallet.address })
    expect(after - before).toBe(BigInt(best?.dstTrade.toTokenAmount ?? '0'))
  })
})
