import { zeroAddress } from 'viem'
import { chainOf, readBalance } from './fixtures/chainHelpers'
import { expect, test } from './fixtures/wallet'

test('a reload while a cross-chain trade is under way: the card follows it again until delivered, to the wei', async ({
  cross,
  app,
  page,
  wallet,
}) => {
  test.setTimeout(120_000)
  const arbitrum = chainOf(wallet, 42161)
  await page.goto('/?chain=1&toChain=42161')
  const card = page.getByRole('region', { name: 'Cross-chain swap' })
  await expect(card.getByRole('heading', { name: 'Ethereum to Arbitrum One' })).toBeVisible()
  await app.connect('E2E Wallet')
  await card.getByLabel('You pay on Ethereum').fill('0.2')
  await card
    .getByRole('radio', { name: /Stargate/ })
    .first()
    .check()
  const before = await readBalance({ chain: arbitrum, token: zeroAddress, address: wallet.address })
  const taken = (cross.quotes.at(-1) ?? []).find((q) => q.providerInfo.name === 'Stargate')
  await cross.review('Confirm swap')
  await expect(card.getByRole('timer', { name: 'Time' })).toHaveText(/^Elapsed /)

  await page.reload()
  // the trade of this pair still under way is followed again, not the empty form
  await expect(card.getByRole('timer', { name: 'Time' })).toBeVisible()
  await expect(card.getByRole('status').filter({ hasText: 'Delivered' })).toBeVisible({ timeout: 90_000 })
  await expect(card.getByTestId('cross-received')).toHaveAttribute(
    'data-amount',
    taken?.dstTrade.toTokenAmount ?? '',
  )
  const after = await readBalance({ chain: arbitrum, token: zeroAddress, address: wallet.address })
  expect(after - before).toBe(BigInt(taken?.dstTrade.toTokenAmount ?? '0'))
})
