import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { firstChain, openConnected } from './fixtures/session'
import { expect, test } from './fixtures/wallet'

test('a custom slippage shows as a chip, is warned in the review and stays visible after a reload', async ({
  page,
  wallet,
}) => {
  const chain = firstChain(wallet)
  const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)
  const chip = swap.card.getByRole('button', { name: /^Custom slippage / })
  await expect(chip).toHaveCount(0)

  await test.step('set 8% in the settings: the card shows it', async () => {
    await swap.card.getByRole('button', { name: 'Swap settings' }).click()
    const settings = page.getByRole('dialog', { name: 'Swap settings' })
    await settings.getByRole('textbox', { name: 'Custom slippage in percent' }).fill('8')
    await page.keyboard.press('Escape')
    await expect(settings).toBeHidden()
    await expect(chip).toHaveText('8% slippage')
    await expect(chip).toHaveAccessibleName('Custom slippage 8%, risky: change settings')
  })

  await test.step('the review states it and warns', async () => {
    await swap.payInput.fill('0.1')
    await swap.waitForQuotes()
    await swap.reviewButton.click()
    await expect(swap.reviewValue('Max slippage')).toHaveText('8% (custom)')
    await expect(swap.reviewDialog.getByRole('alert')).toHaveText(
      'Slippage is set to 8%: you may receive up to 8% less than quoted, and the trade may be frontrun.',
    )
    await expectNoSeriousViolations(page, 'dialog[open]')
    await page.keyboard.press('Escape')
    await expect(swap.reviewDialog).toBeHidden()
  })

  await test.step('a reload keeps the value and keeps showing it', async () => {
    await page.reload()
    await expect(swap.payInput).toBeVisible()
    await expect(chip).toHaveText('8% slippage')
    await chip.click()
    const settings = page.getByRole('dialog', { name: 'Swap settings' })
    await expect(settings.getByRole('textbox', { name: 'Custom slippage in percent' })).toHaveValue('8')
    await settings.getByRole('button', { name: /^Auto/ }).click()
    await page.keyboard.press('Escape')
    await expect(chip).toHaveCount(0)
    await expectNoSeriousViolations(page, 'main')
  })
})

test('a custom slippage out of range says the range it accepts: above 0, at most 20', async ({
  page,
  wallet,
}) => {
  const chain = firstChain(wallet)
  const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)
  await swap.card.getByRole('button', { name: 'Swap settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Swap settings' })
  const field = settings.getByRole('textbox', { name: 'Custom slippage in percent' })
  for (const text of ['0', '20.01']) {
    await field.fill(text)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription('Enter a percentage greater than 0 and at most 20.')
  }
  await field.fill('20')
  await expect(field).toHaveAttribute('aria-invalid', 'false')
  await expect(settings.getByText(/Enter a percentage/)).toHaveCount(0)
})
