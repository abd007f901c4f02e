import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { devnetOutboundFees } from '../devnet/liquidityNetwork/devnetPools'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { expect, test } from './fixtures/wallet'

const BTC = -3980891822

/** The `swap/cross` answer's deposit, as the deposit view reads it. */
interface DepositAnswer {
  data: { params: { memo: string }[] }
}

test.describe('a trade the liquidity network refunds', () => {
  // faucet, deposit, the network's confirmations and the refund on Bitcoin
  test.setTimeout(120_000)
  test('BTC to ETH with a limit no output meets: reads Refunded, 0.00985 BTC back on Bitcoin, the refund transaction named', async ({
    cross,
    page,
  }) => {
    const receiver = privateKeyToAddress(generatePrivateKey())
    await cross.goto({ chainId: BTC, toChainId: 1, heading: 'Bitcoin to Ethereum' })
    const walletAddress = await cross.walletAddress('Bitcoin', /^bcrt1q[0-9a-z]{38}$/)
    await cross.quoteNetwork({ from: 'Bitcoin', to: 'Ethereum', amount: '0.01', receiver })

    await test.step('the memo asks for more than any output (the price moved past the limit)', async () => {
      await page.route('**/trade/v1/*/swap/cross', async (route) => {
        const response = await route.fetch()
        const answer = (await response.json()) as DepositAnswer
        for (const transfer of answer.data.params) {
          const parts = transfer.memo.split(':')
          parts[3] = (parts[3] ?? '').replace(/^[0-9e]*/, '99999999999999')
          transfer.memo = parts.join(':')
        }
        await route.fulfill({ response, json: answer })
      })
      await cross.openDeposit()
      // the deposit view's memo (the history below lists the trade with its memo too)
      await expect(
        page.getByRole('region', { name: 'Deposit' }).getByText(/^=:[^:]+:[^:]+:99999999999999$/),
      ).toBeVisible()
      await cross.devnetWallet.fund({ address: walletAddress, symbol: 'BTC', balance: /Balance: [1-9]/ })
    })

    await test.step('paid, the network refunds: Refunded, in BTC, on Bitcoin', async () => {
      await cross.devnetWallet.payButton.click()
      const progress = cross.card.getByRole('region', { name: 'Cross-chain progress' })
      await expect(progress.getByRole('status')).toHaveText('Refunded', { timeout: 90_000 })
      const refundedSats = 1_000_000n - (devnetOutboundFees.BTC ?? 0n)
      expect(refundedSats).toBe(985_000n)
      await expect(progress.getByTestId('cross-refunded')).toHaveAttribute('data-amount', '985000')
      await expect(progress.getByTestId('cross-refunded')).toHaveText('0.00985 BTC')
      await expect(progress.getByText('Refunded on Bitcoin:')).toBeVisible()
      await expect(progress.getByText('Refund transaction on Bitcoin:')).toBeVisible()
      await expect(progress.getByText(/Destination transaction|Received:/)).toHaveCount(0)
      await expect(progress.getByRole('listitem')).toHaveText(['Sent', 'In flight', 'Refunded'])
      await expect(progress.getByRole('listitem').last()).toHaveAttribute('data-tone', 'refunded')
      await expectNoSeriousViolations(page, 'section[aria-label="Cross-chain progress"]')
    })
  })
})
