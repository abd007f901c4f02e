import { expect, test } from './fixtures/wallet'

test('every dialog of the cross-chain card gives focus back to what opened it, or to the view that replaced it', async ({
  app,
  page,
  wallet,
}) => {
  expect(wallet.chains.map((c) => c.id)).toContain(42161)
  await page.goto('/?chain=1&toChain=42161')
  const card = page.getByRole('region', { name: 'Cross-chain swap' })
  await app.connect('E2E Wallet')

  await test.step('settings, closed with Esc', async () => {
    const gear = card.getByRole('button', { name: 'Cross-chain swap settings' })
    await gear.click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(gear).toBeFocused()
  })

  await test.step('the token dialog, closed by picking a token and by its close button', async () => {
    const pay = card.getByRole('button', { name: /^You pay: .*, change token$/ })
    await pay.click()
    const tokens = page.getByRole('dialog', { name: 'You pay' })
    await expect(tokens).toBeVisible()
    await tokens.getByRole('button', { name: 'Close' }).click()
    await expect(tokens).toBeHidden()
    await expect(pay).toBeFocused()
    await pay.click()
    await tokens.getByRole('option').nth(1).click()
    await expect(tokens).toBeHidden()
    await expect(pay).toBeFocused()
    await pay.click()
    await tokens.getByRole('option', { name: /^ETH\b/ }).click()
    await expect(pay).toHaveAccessibleName('You pay: ETH, change token')
    await expect(pay).toBeFocused()
  })

  await test.step('the review, closed with Esc', async () => {
    await card.getByLabel('You pay on Ethereum').fill('0.1')
    const reviewButton = card.getByRole('button', { name: 'Review swap' })
    await expect(reviewButton).toBeEnabled()
    await reviewButton.click()
    const review = page.getByRole('dialog', { name: 'Review cross-chain swap' })
    await expect(review).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(review).toBeHidden()
    await expect(reviewButton).toBeFocused()
  })

  await test.step('confirmed, the review and its opener give way to the progress view: focus on its heading', async () => {
    await card
      .getByRole('radio', { name: /Stargate/ })
      .first()
      .check()
    await card.getByRole('button', { name: 'Review swap' }).click()
    await page
      .getByRole('dialog', { name: 'Review cross-chain swap' })
      .getByRole('button', { name: 'Confirm swap' })
      .click()
    await expect(card.getByRole('region', { name: 'Cross-chain progress' })).toBeVisible()
    await expect(card.getByRole('heading', { name: 'Ethereum to Arbitrum One' })).toBeFocused()
  })

  await test.step('"New trade" gives way to the form: focus on its heading again', async () => {
    const newTrade = card.getByRole('button', { name: 'New trade' })
    await expect(newTrade).toBeVisible({ timeout: 90_000 })
    await newTrade.click()
    await expect(card.getByLabel('You pay on Ethereum')).toBeVisible()
    await expect(card.getByRole('heading', { name: 'Ethereum to Arbitrum One' })).toBeFocused()
  })
})
