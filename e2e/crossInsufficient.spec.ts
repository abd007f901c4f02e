import { formatUnits } from 'viem'
import { chainOf, readBalance } from './fixtures/chainHelpers'
import { expect, test } from './fixtures/wallet'

const zero = '0x0000000000000000000000000000000000000000'

test('cross-chain card: an amount over the balance says so on its button before any click, and cannot be sent', async ({
  app,
  page,
  wallet,
}) => {
  const ethereum = chainOf(wallet, 1)
  await page.goto('/?chain=1&toChain=42161')
  const card = page.getByRole('region', { name: 'Cross-chain swap' })
  await app.connect('E2E Wallet')
  const balance = await readBalance({ chain: ethereum, token: zero, address: wallet.address })
  const amount = card.getByLabel('You pay on Ethereum')

  await amount.fill(formatUnits(balance + 1n, 18))
  const refused = card.getByRole('button', { name: 'Insufficient ETH balance' })
  await expect(refused).toBeVisible()
  await expect(refused).toBeDisabled()

  await amount.fill('0.3')
  await expect(card.getByRole('radio').first()).toBeChecked()
  await expect(card.getByRole('button', { name: 'Review swap' })).toBeEnabled()
  await expect(refused).toBeHidden()
})
