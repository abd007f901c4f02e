import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { expect, test } from './fixtures/wallet'

const ATOM = -978111860

interface CrossQuoteAnswer {
  dstTrade: { toTokenAmount: string }
  providerInfo: { name: string }
  transactionData: { expected_amount_out?: string }
}

test.describe('the built-in devnet Cosmos wallet', () => {
  test('ATOM to ETH: the network quote shown, funded by the faucet, one click signs the MsgSend with its memo, delivered to the wei', async ({
    page,
    wallet,
  }) => {
    test.setTimeout(120_000)
    const ethereum = wallet.chains.find((c) => c.id === 1)
    if (ethereum === undefined) throw new Error('the devnet has no Ethereum')
    const receiver = privateKeyToAddress(generatePrivateKey())
    const quotes: CrossQuoteAnswer[][] = []
    page.on('response', async (response) => {
      if (response.url().includes('/quote/cross') && response.ok())
        quotes.push((await response.json()) as CrossQuoteAnswer[])
    })
    await page.goto(`/?chain=${ATOM}&toChain=1`)
    const card = page.getByRole('region', { name: 'Cross-chain swap' })
    await expect(card.getByRole('heading', { name: 'Cosmos Hub to Ethereum' })).toBeVisible()
    // the Hub is offered in the network picker, and ATOM is what the card pays
    const fromNetwork = page.getByLabel('From network')
    await expect(fromNetwork).toHaveValue(String(ATOM))
    await expect(fromNetwork.locator('option:checked')).toHaveText('Cosmos Hub')
    await expect(page.getByLabel('To network').locator('option', { hasText: 'Cosmos Hub' })).toHaveCount(1)
    await expect(card.getByText('ATOM', { exact: true })).toBeVisible()

    const refund = card.getByLabel('Your Cosmos Hub address (refunds)')
    await expect(refund).toHaveAttribute('placeholder', /^cosmos1[02-9ac-hj-np-z]{38}$/)
    const walletAddress = (await refund.getAttribute('placeholder')) ?? ''

    let quoted = 0n
    await test.step("the amount shown is the network's quote", async () => {
      await card.getByLabel('You pay on Cosmos Hub').fill('5')
      await card.getByLabel('Receiver on Ethereum').fill(receiver)
      await expect(card.getByRole('radio', { name: /THORChain/ })).toBeChecked()
      const [best] = quotes.at(-1) ?? []
      expect(best?.providerInfo.name).toBe('THORChain')
      quoted = BigInt(best?.dstTrade.toTokenAmount ?? '0')
      // THORNode quotes in 1e8 units; ETH has 18 decimals
      expect(quoted).toBe(BigInt(best?.transactionData.expected_amount_out ?? '-1') * 10n ** 10n)
      expect(quoted).toBeGreaterThan(0n)
      const whole = quoted / 10n ** 18n
      const fraction = (quoted % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
      await expect(card.getByLabel('Amount received')).toHaveText(
        new Intl.NumberFormat('en-US', { maximumFractionDigits: 6, roundingMode: 'trunc' }).format(
          `${whole}.${fraction || '0'}` as Intl.StringNumericLiteral,
        ),
      )
    })

    await test.step('the deposit view shows the memo and offers the devnet wallet; the faucet funds it', async () => {
      await card.getByRole('button', { name: 'Get deposit address' }).click()
      await expect(card.getByText('Memo', { exact: true })).toBeVisible()
      await expect(card.getByText('5 ATOM', { exact: true })).toBeVisible()
      await expect(card.getByText('5000000 base units')).toBeVisible()
      const devnetWallet = card.getByRole('region', { name: 'Devnet wallet' })
      await expect(devnetWallet.getByText(walletAddress)).toBeVisible()
      await devnetWallet.getByRole('button', { name: 'Get test ATOM' }).click()
      await expect(devnetWallet.getByRole('status', { name: 'Devnet wallet balance' })).toHaveText(
        'Balance: 100 ATOM',
        { timeout: 30_000 },
      )
      await expectNoSeriousViolations(page, 'section[aria-label="Cross-chain swap"]')
    })

    await test.step('one click pays the deposit; the trade is followed until delivered', async () => {
      await card.getByRole('button', { name: 'Pay with devnet wallet' }).click()
      await expect(card.getByRole('status').filter({ hasText: 'Delivered' })).toBeVisible({ timeout: 90_000 })
      await expect(card.getByTestId('cross-received')).toHaveAttribute('data-amount', quoted.toString())
    })
    const client = createPublicClient({ chain: ethereum, transport: http() })
    await expect.poll(() => client.getBalance({ address: receiver }), { timeout: 30_000 }).toBe(quoted)
  })
})
