import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { chainOf } from './fixtures/chainHelpers'
import { expect, test } from './fixtures/wallet'

const BTC = -3980891822

test.describe('a BTC deposit paid without a memo (THORChain memoless)', () => {
  // the registration waits for a THORChain block, then the deposit for the network's confirmations and payout
  test.setTimeout(120_000)
  test('from any wallet: the exact amount carries the reference, paid with no OP_RETURN, delivered to the wei', async ({
    cross,
    page,
    wallet,
  }) => {
    const ethereum = chainOf(wallet, 1)
    const receiver = privateKeyToAddress(generatePrivateKey())
    await cross.goto({ chainId: BTC, toChainId: 1, heading: 'Bitcoin to Ethereum' })
    const walletAddress = await cross.walletAddress('Bitcoin', /^bcrt1q[0-9a-z]{38}$/)
    await cross.quoteNetwork({ from: 'Bitcoin', to: 'Ethereum', amount: '0.01', receiver })

    let paid = 0n
    let delivered = 0n
    await test.step('the review offers it; the deposit view shows the amount ending in the reference', async () => {
      await cross.review('Pay from any wallet (no memo)')
      const view = cross.card.getByRole('region', { name: 'Deposit' })
      await expect(view.getByTestId('memoless-reference')).toBeVisible()
      const swap = cross.swaps.at(-1)
      const deposit = swap?.data.params[0]
      const reference = swap?.data.memoless?.reference ?? ''
      expect(deposit?.memo).toBe('')
      expect(reference).toMatch(/^\d{5}$/)
      paid = BigInt(deposit?.amount.amount ?? '0')
      delivered = BigInt(swap?.amountOut ?? '0')
      // 0.01 BTC, raised to the next amount whose last five digits are the reference
      expect(paid % 100_000n).toBe(BigInt(reference))
      expect(paid - 1_000_000n).toBeGreaterThanOrEqual(0n)
      expect(paid - 1_000_000n).toBeLessThan(100_000n)
      await expect(view.getByTestId('memoless-reference')).toHaveText(
        `None needed: the amount ends in ${reference}, the reference the network registered for your swap.`,
      )
      const whole = `0.${paid.toString().padStart(8, '0')}`
      await expect(view.getByText(`${whole} BTC`, { exact: true })).toBeVisible()
      await expect(
        view.getByRole('link', { name: `bitcoin:${deposit?.recipient}?amount=${whole}` }),
      ).toBeVisible()
    })

    await test.step('the devnet wallet pays it as any wallet would; the network pays exactly its output', async () => {
      await cross.devnetWallet.fund({ address: walletAddress, symbol: 'BTC', balance: /Balance: [1-9]/ })
      await cross.payAndAwaitDelivery({ received: delivered, timeoutMs: 60_000 })
    })
    const client = createPublicClient({ chain: ethereum, transport: http() })
    await expect.poll(() => client.getBalance({ address: receiver }), { timeout: 30_000 }).toBe(delivered)
    await expect(page.getByRole('status').filter({ hasText: 'Delivered' })).toBeVisible()
  })
})
