import { expect, test } from '@playwright/test'

/* Ethereum to Bitcoin and to Cosmos Hub go through the liquidity network, which checks the receiver's format. */
const ethereum = 1
const bitcoin = -3980891822
const cosmosHub = -978111860
const validBitcoinReceiver = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'

test.describe('cross-chain quote errors say what to fix', () => {
  for (const [toChainId, name, badReceiver] of [
    [bitcoin, 'Bitcoin', 'bc1qnotanaddress'],
    [cosmosHub, 'Cosmos Hub', 'cosmos1notanaddress'],
  ] as const)
    test(`a receiver that is not a ${name} address is named as the field to fix`, async ({ page }) => {
      await page.goto(`/?chain=${ethereum}&toChain=${toChainId}`)
      const card = page.getByRole('region', { name: 'Cross-chain swap' })
      await expect(card.getByRole('heading', { name: `Ethereum to ${name}` })).toBeVisible()
      await card.getByLabel('You pay on Ethereum').fill('0.5')
      const receiver = card.getByLabel(`Receiver on ${name}`)
      await receiver.fill(badReceiver)
      const error = card.getByTestId('cross-quote-error')
      await expect(error).toHaveText(`The receiver on ${name} is not a valid ${name} address.`)
      await expect(receiver).toHaveAttribute('aria-invalid', 'true')
      await expect(receiver).toHaveAccessibleDescription(
        `The receiver on ${name} is not a valid ${name} address.`,
      )
    })

  test('an amount under the $10 minimum says the minimum, in dollars and in the token', async ({ page }) => {
    const minimum: { minimumUsd?: number; minimumAmount?: string }[] = []
    page.on('response', async (response) => {
      if (!response.url().includes('/quote/cross') || response.status() !== 400) return
      const body = (await response.json()) as {
        error: { details: { minimumUsd?: number; minimumAmount?: string } }
      }
      minimum.push(body.error.details)
    })
    await page.goto(`/?chain=${ethereum}&toChain=${bitcoin}`)
    const card = page.getByRole('region', { name: 'Cross-chain swap' })
    await card.getByLabel('Receiver on Bitcoin').fill(validBitcoinReceiver)
    await card.getByLabel('You pay on Ethereum').fill('0.000001')
    const error = card.getByTestId('cross-quote-error')
    await expect(error).toHaveText(/^Cross-chain trades start at \$10: enter at least [\d.]+ ETH\.$/)
    const [details] = minimum
    expect(details?.minimumUsd).toBe(10)
    // the amount shown is the API's minimumAmount (wei), rounded up to 6 digits so it is enough
    const wei = BigInt(details?.minimumAmount ?? '0')
    const shown = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6, roundingMode: 'ceil' }).format(
      `${wei / 10n ** 18n}.${(wei % 10n ** 18n).toString().padStart(18, '0')}` as Intl.StringNumericLiteral,
    )
    await expect(error).toHaveText(`Cross-chain trades start at $10: enter at least ${shown} ETH.`)
  })
})
