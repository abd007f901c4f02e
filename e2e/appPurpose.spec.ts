import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'

test('the first view says in a line what the app does: any token, across exchanges and chains, to and from BTC', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByTestId('app-purpose')).toHaveText(
    'Swap any token at the best rate across decentralized exchanges, and across chains in one trade, to and from Bitcoin, Bitcoin Cash, Litecoin, Dogecoin and Cosmos Hub.',
  )
  // above the card, where a first look lands
  const line = await page.getByTestId('app-purpose').boundingBox()
  const card = await page.getByRole('heading', { name: /^Swap on / }).boundingBox()
  expect(line !== null && card !== null && line.y < card.y).toBe(true)
  await expectNoSeriousViolations(page, 'main')
})
