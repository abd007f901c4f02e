import { getAddress } from 'viem'
import { formatTokenAmount } from '../web/lib/formatTokenAmount'
import { chainOf, getChainSetup, readBalance } from './fixtures/chainHelpers'
import { expect, test } from './fixtures/wallet'

test('the cross-chain token dialogs show the wallet’s balance of each token on their chain, holdings first', async ({
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
  await page.goto('/?chain=1&toChain=42161')
  const card = page.getByRole('region', { name: 'Cross-chain swap' })
  await expect(card.getByRole('heading', { name: 'Ethereum to Arbitrum One' })).toBeVisible()
  await app.connect('E2E Wallet')

  for (const [side, chain, usdc] of [
    ['You pay', ethereum, usdc1],
    ['You receive', arbitrum, usdc42161],
  ] as const) {
    await test.step(`${side}: USDC on ${chain.name} with the wallet's balance`, async () => {
      const balance = await readBalance({ chain, token: usdc, address: wallet.address })
      expect(balance).toBeGreaterThan(0n)
      await card.getByRole('button', { name: new RegExp(`^${side}: .*, change token$`) }).click()
      const dialog = page.getByRole('dialog', { name: side, exact: true })
      const usdcOption = dialog.getByRole('option', { name: /^USDC\b/ }).first()
      await expect(usdcOption).toContainText(formatTokenAmount({ amount: balance, decimals: 6 }))
      // tokens the wallet holds come before those it does not
      await expect(dialog.getByRole('option').first()).toContainText(/\d/)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    })
  }
})
