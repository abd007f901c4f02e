import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { expect, test } from './fixtures/wallet'

const BTC = -3980891822

/** The ETH the card shows for `wei`, truncated to 6 digits as the deposit view does. */
const formatEth = (wei: bigint) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: 6, roundingMode: 'trunc' }).format(
    `${wei / 10n ** 18n}.${(wei % 10n ** 18n).toString().padStart(18, '0')}` as Intl.StringNumericLiteral,
  )

test.describe('a deposit trade (BTC to ETH) does not vanish', () => {
  test('the deposit view survives a reload, says what arrives where, has a way back and is listed in the history', async ({
    page,
    cross,
  }) => {
    const receiver = privateKeyToAddress(generatePrivateKey())
    await cross.goto({ chainId: BTC, toChainId: 1, heading: 'Bitcoin to Ethereum' })
    const refundAddress = await cross.walletAddress('Bitcoin', /^bcrt1q[0-9a-z]{38}$/)
    const quoted = await cross.quoteNetwork({ from: 'Bitcoin', to: 'Ethereum', amount: '0.01', receiver })
    const deposit = cross.card.getByRole('region', { name: 'Deposit' })
    const arrival = `You receive ≈ ${formatEth(quoted)} ETH on Ethereum, at ${receiver}. Refunds go to ${refundAddress} on Bitcoin.`
    let memo = ''
    let address = ''

    await test.step('the deposit view restates what arrives, where, for whom, and where refunds go', async () => {
      await cross.openDeposit()
      await expect(cross.card.getByRole('heading', { name: 'Deposit BTC on Bitcoin' })).toBeVisible()
      await expect(deposit.getByTestId('deposit-arrival')).toHaveText(arrival)
      memo = (await deposit.getByText(/^=:[^:]+:0x/).textContent()) ?? ''
      address =
        (await deposit
          .getByText(/^bcrt1[0-9a-z]+$/)
          .first()
          .textContent()) ?? ''
      expect(memo).toContain(receiver)
      expect(address).toMatch(/^bcrt1q[0-9a-z]{38,58}$/)
    })

    await test.step('a reload keeps the deposit: same address, memo, countdown and arrival', async () => {
      await page.reload()
      await expect(cross.card.getByRole('heading', { name: 'Deposit BTC on Bitcoin' })).toBeVisible()
      await expect(deposit.getByText(memo, { exact: true })).toBeVisible()
      await expect(deposit.getByText(address, { exact: true }).first()).toBeVisible()
      await expect(deposit.getByTestId('deposit-arrival')).toHaveText(arrival)
      await expect(deposit.getByRole('timer')).toHaveText(/^The quote expires in \d+:\d\d: send before then/)
      await expectNoSeriousViolations(page, 'section[aria-label="Cross-chain swap"]')
    })

    const history = page.getByRole('list', { name: 'Recent swaps' })
    const row = history.getByRole('listitem').first()
    await test.step('Recent swaps lists it, with no wallet connected: awaiting its deposit, its detail one click away', async () => {
      await expect(row).toContainText(`0.01 BTC → ≈ ${formatEth(quoted)} ETH`)
      await expect(row).toContainText('Bitcoin → Ethereum')
      await expect(row).toContainText('deposit not sent')
      await expect(row).toContainText('Awaiting deposit')
      await row.getByText('Awaiting deposit').click()
      const details = row.getByRole('definition')
      await expect(details.getByText(memo, { exact: true })).toBeVisible()
      await expect(details.getByText(receiver, { exact: true })).toBeVisible()
      await expect(details.getByText(address, { exact: true })).toBeVisible()
      await expect(row.getByRole('link', { name: 'Open the deposit' })).toBeVisible()
    })

    await test.step('Back returns to the form, and a reload no longer reopens the deposit', async () => {
      await deposit.getByRole('button', { name: 'Back' }).click()
      await expect(cross.card.getByRole('heading', { name: 'Bitcoin to Ethereum' })).toBeFocused()
      await expect(cross.card.getByLabel('You pay on Bitcoin')).toBeVisible()
      await page.reload()
      await expect(cross.card.getByRole('heading', { name: 'Bitcoin to Ethereum' })).toBeVisible()
      await expect(cross.card.getByLabel('You pay on Bitcoin')).toBeVisible()
    })

    await test.step('/history lists it too; its link opens the deposit again', async () => {
      await page.goto('/history')
      const listed = page.getByRole('list', { name: 'Recent swaps' }).getByRole('listitem').first()
      await expect(listed).toContainText('Awaiting deposit')
      await listed.getByText('Awaiting deposit').click()
      await listed.getByRole('link', { name: 'Open the deposit' }).click()
      await expect(cross.card.getByRole('heading', { name: 'Deposit BTC on Bitcoin' })).toBeVisible()
      await expect(deposit.getByText(memo, { exact: true })).toBeVisible()
    })
  })

  // faucet, deposit, the network's confirmations and the payout
  test.setTimeout(120_000)
  test('paid, then reloaded mid-flight: the card follows it to delivery and stays there; the history reads Delivered', async ({
    page,
    cross,
  }) => {
    const receiver = privateKeyToAddress(generatePrivateKey())
    await cross.goto({ chainId: BTC, toChainId: 1, heading: 'Bitcoin to Ethereum' })
    const walletAddress = await cross.walletAddress('Bitcoin', /^bcrt1q[0-9a-z]{38}$/)
    const quoted = await cross.quoteNetwork({ from: 'Bitcoin', to: 'Ethereum', amount: '0.01', receiver })
    await cross.openDeposit()
    await cross.devnetWallet.fund({ address: walletAddress, symbol: 'BTC', balance: /Balance: [1-9]/ })
    const progress = cross.card.getByRole('region', { name: 'Cross-chain progress' })

    await test.step('paid, then reloaded: the progress view comes back, not the form', async () => {
      await cross.devnetWallet.payButton.click()
      await expect(progress).toBeVisible()
      const txId = (await progress.getByText(/^[0-9a-f]{64}$/).textContent()) ?? ''
      await page.reload()
      await expect(progress).toBeVisible()
      await expect(progress.getByText(txId, { exact: true })).toBeVisible()
      const row = page.getByRole('list', { name: 'Recent swaps' }).getByRole('listitem').first()
      await expect(row).toContainText(txId.slice(0, 8))
    })

    await test.step('delivered: the card keeps the result (not blank, not the form) until New trade', async () => {
      await expect(progress.getByRole('status')).toHaveText(/Delivered/, { timeout: 90_000 })
      await expect(cross.card.getByTestId('cross-received')).toHaveAttribute('data-amount', quoted.toString())
      await expect(progress.getByRole('button', { name: 'New trade' })).toBeVisible()
      const row = page.getByRole('list', { name: 'Recent swaps' }).getByRole('listitem').first()
      await expect(row).toContainText('Delivered')
      await expect(row).toContainText(`0.01 BTC → ${formatEth(quoted)} ETH`)
      await progress.getByRole('button', { name: 'New trade' }).click()
      await expect(cross.card.getByLabel('You pay on Bitcoin')).toBeVisible()
      await page.reload()
      await expect(cross.card.getByLabel('You pay on Bitcoin')).toBeVisible()
    })
  })
})
