import { type Address, type Chain, createPublicClient, http, isAddressEqual, zeroAddress } from 'viem'
import { readAllowance, readBalance, recordQuotes, setAllowance } from './fixtures/chainHelpers'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { getFirstChainSetup, openConnected } from './fixtures/session'
import { expect, test } from './fixtures/wallet'

/**
 * Native currency `account` paid for gas in the blocks after `fromBlock` (every transaction it sent), and the
 * addresses those transactions called, in order.
 */
async function sentSince(
  chain: Chain,
  account: Address,
  fromBlock: bigint,
): Promise<{ gas: bigint; to: (Address | null)[] }> {
  const client = createPublicClient({ chain, transport: http() })
  const latest = await client.getBlockNumber()
  let gas = 0n
  const to: (Address | null)[] = []
  for (let n = fromBlock + 1n; n <= latest; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      if (!isAddressEqual(tx.from, account)) continue
      const receipt = await client.getTransactionReceipt({ hash: tx.hash })
      gas += receipt.gasUsed * receipt.effectiveGasPrice
      to.push(tx.to)
    }
  }
  return { gas, to }
}

test.describe('wrap and unwrap', () => {
  test('ETH to WETH: "Wrap", no approval, exactly the typed amount arrives', async ({
    page,
    wallet,
    baseURL,
  }) => {
    const { chain, token } = await getFirstChainSetup(wallet, baseURL)
    const weth = token('WETH')
    const quotes = recordQuotes(page)
    const swap = await openConnected(page, `?chain=${chain.id}&from=ETH&to=WETH`)
    const before = await readBalance({ chain, token: weth.address, address: wallet.address })

    await test.step('the pair is quoted as a 1:1 wrap, not refused', async () => {
      await swap.payInput.fill('0.75')
      const row = swap.quotes.getByRole('radio', { name: /^Wrap/ })
      await expect(row).toBeVisible()
      await expect(swap.quotes.getByRole('radio')).toHaveCount(1)
      await expect(swap.quotes).toContainText('ETH → WETH, 1:1')
      await expect(swap.receiveInput).toHaveValue('0.75')
      await expect(swap.card.getByText('Choose two different tokens.')).toHaveCount(0)
      await expect(swap.actionButton('Approve ETH')).toHaveCount(0)
      // 1:1 to the wei: no rate to refresh, nothing to slip
      await expect(swap.card.getByRole('button', { name: 'Refresh quotes' })).toHaveCount(0)
      await expectNoSeriousViolations(page, 'section[aria-labelledby="swap-heading"]')
    })

    await test.step('"Wrap" opens the review; confirming wraps exactly the quote', async () => {
      await swap.actionButton('Wrap').click()
      const review = page.getByRole('dialog', { name: 'Review wrap' })
      await expect(review).toBeVisible()
      await expect(
        review
          .getByRole('term')
          .filter({ hasText: /^Route$/ })
          .locator('xpath=following-sibling::dd[1]'),
      ).toHaveText('Wrap: ETH → WETH, 1:1')
      await expect(review.getByRole('term')).not.toContainText([
        'Max slippage',
        'Minimum received',
        'Price impact',
      ])
      await expect(review.getByText('≈ 0.75 WETH')).toHaveCount(0)
      await expect(review.getByText('0.75 WETH', { exact: true })).toBeVisible()
      const [quote] = quotes.last()
      expect(quote?.toTokenAmount).toBe('750000000000000000')
      await review.getByRole('button', { name: 'Confirm wrap' }).click()
      await expect(review.getByText('Wrap confirmed')).toBeVisible({ timeout: 30_000 })
      await expect(review.getByText('You received 0.75 WETH')).toBeVisible()
      const after = await readBalance({ chain, token: weth.address, address: wallet.address })
      expect(after - before).toBe(750_000_000_000_000_000n)
    })
  })

  test('WETH to ETH: no approval, "Unwrap" is WETH.withdraw, exactly the typed amount arrives', async ({
    page,
    wallet,
    baseURL,
  }) => {
    const { chain, token, record } = await getFirstChainSetup(wallet, baseURL)
    const weth = token('WETH')
    await setAllowance({
      chain,
      account: wallet.account,
      token: weth.address,
      spender: record.aggregator,
      amount: 0n,
    })
    const swap = await openConnected(page, `?chain=${chain.id}&from=WETH&to=ETH`)
    const client = createPublicClient({ chain, transport: http() })
    const startBlock = await client.getBlockNumber()
    const wethBefore = await readBalance({ chain, token: weth.address, address: wallet.address })
    const ethBefore = await readBalance({ chain, token: zeroAddress, address: wallet.address })

    await test.step('nothing is pulled, so nothing is approved: one withdraw from the wallet', async () => {
      await swap.payInput.fill('0.5')
      await expect(swap.quotes.getByRole('radio', { name: /^Unwrap/ })).toBeVisible()
      await expect(swap.quotes).toContainText('WETH → ETH, 1:1')
      await expect(swap.actionButton('Approve WETH')).toHaveCount(0)
      await expect(swap.card.getByRole('button', { name: 'Refresh quotes' })).toHaveCount(0)
      await swap.actionButton('Unwrap').click()
      const review = page.getByRole('dialog', { name: 'Review unwrap' })
      await expect(review).not.toContainText('Approve WETH')
      await review.getByRole('button', { name: 'Confirm unwrap' }).click()
      await expect(review.getByText('Unwrap confirmed')).toBeVisible({ timeout: 30_000 })
      await expect(review.getByText('You received 0.5 ETH')).toBeVisible()
    })

    await test.step('exactly 0.5 ETH arrived for exactly 0.5 WETH, and no allowance was given', async () => {
      const wethAfter = await readBalance({ chain, token: weth.address, address: wallet.address })
      const ethAfter = await readBalance({ chain, token: zeroAddress, address: wallet.address })
      const { gas, to } = await sentSince(chain, wallet.address, startBlock)
      expect(to.map((address) => address?.toLowerCase())).toEqual([weth.address.toLowerCase()])
      expect(wethBefore - wethAfter).toBe(500_000_000_000_000_000n)
      expect(ethAfter - ethBefore + gas).toBe(500_000_000_000_000_000n)
      expect(
        await readAllowance({
          chain,
          token: weth.address,
          owner: wallet.address,
          spender: record.aggregator,
        }),
      ).toBe(0n)
    })
  })
})
