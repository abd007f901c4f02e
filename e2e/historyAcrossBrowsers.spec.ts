import { mnemonicToAccount } from 'viem/accounts'
import { getFirstChainSetup, openConnected } from './fixtures/session'
import { expect, installE2EWallet, test } from './fixtures/wallet'
import { AppPage } from './pages/AppPage'

/** The anvil dev account index of `address` (the wallet fixture picks one per worker). */
function accountIndexOf(address: string): number {
  for (let index = 0; index < 10; index += 1)
    if (
      mnemonicToAccount('test test test test test test test test test test test junk', {
        addressIndex: index,
      }).address === address
    )
      return index
  throw new Error(`${address} is not an anvil dev account`)
}

test('a swap made in one browser is listed in a fresh browser’s /history with the same state', async ({
  page,
  wallet,
  baseURL,
  browser,
}) => {
  if (baseURL === undefined) throw new Error('baseURL is not configured')
  const { chain } = await getFirstChainSetup(wallet, baseURL)
  let shortId = ''

  await test.step('swap in the first browser; its history reads it Confirmed', async () => {
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=USDC`)
    await swap.payInput.fill('0.01')
    await swap.waitForQuotes()
    await swap.reviewAndConfirm()
    await swap.reviewDialog.getByRole('button', { name: 'Done' }).click()
    const row = page.getByRole('list', { name: 'Recent swaps' }).getByRole('listitem').first()
    await expect(row).toContainText('Confirmed')
    shortId = /0x[0-9a-fA-F]{6}…[0-9a-fA-F]{6}/.exec((await row.textContent()) ?? '')?.[0] ?? ''
    expect(shortId).not.toBe('')
  })

  await test.step('a fresh browser (no stored history) lists the same swap, Confirmed, from the server', async () => {
    const context = await browser.newContext({ baseURL })
    try {
      const second = await context.newPage()
      await installE2EWallet({ page: second, baseURL, accountIndex: accountIndexOf(wallet.address) })
      await second.goto('/history')
      await new AppPage(second).connect('E2E Wallet')
      const list = second.getByRole('list', { name: 'Recent swaps' })
      // the trade watcher indexes the block within a few seconds; the history reads the server every 15 s
      const row = list.getByRole('listitem').filter({ hasText: shortId })
      await expect(row).toContainText('Confirmed', { timeout: 45_000 })
      await expect(row).toContainText('USDC')
      await expect(second.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
        'href',
        `${new URL(baseURL).origin}/trade/v1/info/history/${wallet.address}?format=csv`,
      )
    } finally {
      await context.close()
    }
  })
})
