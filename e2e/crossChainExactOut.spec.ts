import type { Locator, Page } from '@playwright/test'
import { formatUnits, getAddress } from 'viem'
import { chainOf, getChainSetup, readBalance } from './fixtures/chainHelpers'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { expect, test } from './fixtures/wallet'
import { readCrossQuoteRefusal, readCrossQuotes } from './readCrossQuotes'

interface CrossQuoteAnswer {
  dstTrade: { toTokenAmount: string }
  tradeParams: { amount: string }
  providerInfo: { name: string }
}

/** Every `quote/cross` answer the page gets, with the query it asked. */
function recordCrossQuotes(page: Page) {
  const answers: { url: URL; quotes: CrossQuoteAnswer[] }[] = []
  page.on('response', async (response) => {
    if (!response.url().includes('/quote/cross') || !response.ok()) return
    try {
      answers.push({
        url: new URL(response.url()),
        quotes: await readCrossQuotes<CrossQuoteAnswer>(response),
      })
    } catch (_error: unknown) {
      // a navigation can discard the body
    }
  })
  return answers
}

/** Picks `symbol` for one side of the cross-chain card through its token dialog. */
async function pickToken(page: Page, card: Locator, side: 'You pay' | 'You receive', symbol: string) {
  await card.getByRole('button', { name: new RegExp(`^${side}: .*, change token$`) }).click()
  const dialog = page.getByRole('dialog', { name: side, exact: true })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('combobox', { name: /Search/ }).fill(symbol)
  await dialog
    .getByRole('option', { name: new RegExp(`^${symbol}\\b`) })
    .first()
    .click()
  await expect(dialog).toBeHidden()
}

test.describe('exact output across chains', () => {
  // the review, the approval, the deposit and the filler's wait for its block to be final: the delivery step
  // alone may wait 90 s, more than the 60 s default on a loaded machine
  test.setTimeout(120_000)
  test('USDC on Ethereum to USDC on Arbitrum through Across: the typed amount arrives exactly', async ({
    app,
    page,
    wallet,
    baseURL,
  }) => {
    if (baseURL === undefined) throw new Error('baseURL is not configured')
    const ethereum = chainOf(wallet, 1)
    const arbitrum = chainOf(wallet, 42161)
    const usdc1 = getAddress((await getChainSetup(baseURL, 1)).token('USDC').address)
    const usdc42161 = getAddress((await getChainSetup(baseURL, 42161)).token('USDC').address)
    const answers = recordCrossQuotes(page)
    await page.goto('/?chain=1&toChain=42161')
    const card = page.getByRole('region', { name: 'Cross-chain swap' })
    await expect(card.getByRole('heading', { name: 'Ethereum to Arbitrum One' })).toBeVisible()
    await app.connect('E2E Wallet')
    await pickToken(page, card, 'You pay', 'USDC')
    await pickToken(page, card, 'You receive', 'USDC')

    const exact = 25_000_000n // 25 USDC
    let taken: CrossQuoteAnswer | undefined
    await test.step('typing the amount to receive asks an exact output: Across first (Stargate pays it exactly too, with a native fee), the input it needs shown', async () => {
      await card.getByLabel(/^You receive on Arbitrum One/).fill('25')
      await expect(card.getByRole('radio', { name: /Across/ })).toBeChecked()
      await expect(card.getByRole('radio', { name: /Stargate/ })).toHaveCount(1)
      const last = answers.at(-1)
      expect(last?.url.searchParams.get('isExactOut')).toBe('true')
      expect(last?.url.searchParams.get('amount')).toBe(exact.toString())
      taken = last?.quotes.find((q) => q.providerInfo.name === 'Across')
      expect(taken?.dstTrade.toTokenAmount).toBe(exact.toString())
      const amountIn = BigInt(taken?.tradeParams.amount ?? '0')
      expect(amountIn).toBeGreaterThan(exact)
      await expect(card.getByLabel('You pay on Ethereum')).toHaveValue(formatUnits(amountIn, 6))
      await expectNoSeriousViolations(page, 'section[aria-label="Cross-chain swap"]')
    })

    const [paidBefore, receivedBefore] = await Promise.all([
      readBalance({ chain: ethereum, token: usdc1, address: wallet.address }),
      readBalance({ chain: arbitrum, token: usdc42161, address: wallet.address }),
    ])
    await test.step('approval and deposit from the wallet; the filler pays exactly the typed amount', async () => {
      await card.getByRole('button', { name: 'Review swap' }).click()
      const review = page.getByRole('dialog', { name: 'Review cross-chain swap' })
      // the approval is a step of the review, before the trade
      await expect(review.getByRole('list', { name: 'Swap steps' }).getByRole('listitem')).toHaveCount(2)
      await review.getByRole('button', { name: 'Approve USDC and swap' }).click()
      await expect(card.getByRole('status').filter({ hasText: 'Delivered' })).toBeVisible({ timeout: 90_000 })
      await expect(card.getByTestId('cross-received')).toHaveAttribute('data-amount', exact.toString())
    })
    const [paidAfter, receivedAfter] = await Promise.all([
      readBalance({ chain: ethereum, token: usdc1, address: wallet.address }),
      readBalance({ chain: arbitrum, token: usdc42161, address: wallet.address }),
    ])
    expect(receivedAfter - receivedBefore).toBe(exact)
    expect(paidBefore - paidAfter).toBe(BigInt(taken?.tradeParams.amount ?? '0'))
  })

  test('an exact output no provider can pay: no offer, and the card says why', async ({
    app,
    page,
    wallet,
  }) => {
    expect(wallet.chains.some((c) => c.id === 42161)).toBe(true)
    const answers: string[] = []
    page.on('response', async (response) => {
      if (!response.url().includes('/quote/cross')) return
      // refused before any provider is asked (JSON), or by every provider asked (the stream's error event)
      if ((await readCrossQuoteRefusal(response).catch(() => undefined)) === 422) answers.push(response.url())
    })
    await page.goto('/?chain=1&toChain=42161')
    const card = page.getByRole('region', { name: 'Cross-chain swap' })
    await app.connect('E2E Wallet')
    await pickToken(page, card, 'You pay', 'USDC')
    // neither bridge carries DAI to Arbitrum: it needs a destination swap, so no provider guarantees its amount
    await pickToken(page, card, 'You receive', 'DAI')
    await card.getByLabel(/^You receive on Arbitrum One/).fill('100')
    await expect(card.getByTestId('cross-quote-error')).toContainText(
      'No offer can guarantee exactly this amount on the destination.',
    )
    await expect(card.getByRole('radio')).toHaveCount(0)
    await expect(card.getByLabel('You pay on Ethereum')).toHaveValue('')
    expect(answers.some((url) => new URL(url).searchParams.get('isExactOut') === 'true')).toBe(true)
  })
})
