import { type Address, type Chain, createPublicClient, http, isAddressEqual, zeroAddress } from 'viem'
import { readAllowance, readBalance, recordQuotes, setAllowance } from './fixtures/chainHelpers'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { getFirstChainSetup, openConnected } from './fixtures/session'
import { expect, test } from './fixtures/wallet'

/** Native currency `account` paid for gas in the blocks after `fromBlock` (every transaction it sent). */
async function gasPaidSince(chain: Chain, account: Address, fromBlock: bigint): Promise<bigint> {
  const client = createPublicClient({ chain, transport: http() })
  const latest = await client.getBlockNumber()
  let paid = 0n
  for (let n = fromBlock + 1n; n <= latest; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      if (!isAddressEqual(tx.from, account)) continue
      const receipt = await client.getTransactionReceipt({ hash: tx.hash })
      paid += receipt.gasUsed * receipt.effectiveGasPrice
    }
  }
  return paid
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
      const [quote] = quotes.last()
      expect(quote?.toTokenAmount).toBe('750000000000000000')
      await review.getByRole('button', { name: 'Confirm wrap' }).click()
      await expect(review.getByText('Wrap confirmed')).toBeVisible({ timeout: 30_000 })
      await expect(review.getByText('You received 0.75 WETH')).toBeVisible()
      const after = await readBalance({ chain, token: weth.address, address: wallet.address })
      expect(after - before).toBe(750_000_000_000_000_000n)
    })
  })

  test('WETH to ETH: approve WETH, "Unwrap", exactly the typed amount arrives', async ({
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

    await test.step('the Aggregator pulls WETH, so the review approves it first, then unwraps', async () => {
      await swap.payInput.fill('0.5')
      await expect(swap.quotes.getByRole('radio', { name: /^Unwrap/ })).toBeVisible()
      await expect(swap.quotes).toContainText('WETH → ETH, 1:1')
      await swap.actionButton('Unwrap').click()
      const review = page.getByRole('dialog', { name: 'Review unwrap' })
      await expect(review).toContainText(/Approve WETH\s*To do/)
      await review.getByRole('button', { name: 'Approve WETH and unwrap' }).click()
      await expect(review).toContainText(/Approve WETH\s*Done\s*Transaction\s*0x/, { timeout: 30_000 })
      await expect(review.getByText('Unwrap confirmed')).toBeVisible({ timeout: 30_000 })
    })

    await test.step('exactly 0.5 ETH arrived for exactly 0.5 WETH, and the exact approval is used up', async () => {
      const wethAfter = await readBalance({ chain, token: weth.address, address: wallet.address })
      const ethAfter = await readBalance({ chain, token: zeroAddress, address: wallet.address })
      const gas = await gasPaidSince(chain, wallet.address, startBlock)
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
