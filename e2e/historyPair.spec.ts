import { expect, test } from '@playwright/test'

test('/history keeps the header chain pair, over a reload and back to Swap', async ({ page }) => {
  await page.goto('/?chain=1&toChain=42161')
  const card = page.getByRole('region', { name: 'Cross-chain swap' })
  await expect(card.getByRole('heading', { name: 'Ethereum to Arbitrum' })).toBeVisible()
  const from = page.getByLabel('From network')
  const to = page.getByLabel('To network')

  await page.getByRole('link', { name: 'History' }).click()
  await expect(page.getByRole('heading', { name: 'Recent swaps' })).toBeVisible()
  await expect(from).toHaveValue('1')
  await expect(to).toHaveValue('42161')

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Recent swaps' })).toBeVisible()
  await expect(from).toHaveValue('1')
  await expect(to).toHaveValue('42161')

  await page.getByRole('link', { name: 'Swap' }).click()
  await expect(card.getByRole('heading', { name: 'Ethereum to Arbitrum' })).toBeVisible()
})
