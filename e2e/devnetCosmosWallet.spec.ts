import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { chainOf } from './fixtures/chainHelpers'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { expect, test } from './fixtures/wallet'

const ATOM = -978111860

test.describe('the built-in devnet Cosmos wallet', () => {
  test('ATOM to ETH: the network quote shown, funded by the faucet, one click signs the MsgSend with its memo, delivered to the wei', async ({
    cross,
    page,
    wallet,
  }) => {
    test.setTimeout(120_000)
    const ethereum = chainOf(wallet, 1)
    const receiver = privateKeyToAddress(generatePrivateKey())
    await cross.goto({ chainId: ATOM, toChainId: 1, heading: 'Cosmos Hub to Ethereum' })
    // the Hub is offered in the network picker, and ATOM is what the card pays
    const fromNetwork = page.getByLabel('From network')
    await expect(fromNetwork).toHaveValue(String(ATOM))
    await expect(fromNetwork.locator('option:checked')).toHaveText('Cosmos Hub')
    await expect(page.getByLabel('To network').locator(`option[value="${ATOM}"]`)).toHaveCount(1)
    await expect(cross.card.getByText('ATOM', { exact: true })).toBeVisible()
    const walletAddress = await cross.walletAddress('Cosmos Hub', /^cosmos1[02-9ac-hj-np-z]{38}$/)

    let quoted = 0n
    await test.step("the amount shown is the network's quote", async () => {
      quoted = await cross.quoteNetwork({ from: 'Cosmos Hub', to: 'Ethereum', amount: '5', receiver })
    })

    await test.step('the deposit view shows the memo and offers the devnet wallet; the faucet funds it', async () => {
      await cross.openDeposit()
      await expect(cross.card.getByText('Memo', { exact: true })).toBeVisible()
      await expect(cross.card.getByText('5 ATOM', { exact: true })).toBeVisible()
      await expect(cross.card.getByText('5000000 base units')).toBeVisible()
      await cross.devnetWallet.fund({
        address: walletAddress,
        symbol: 'ATOM',
        balance: 'Balance: 100 ATOM',
        timeoutMs: 30_000,
      })
      await expectNoSeriousViolations(page, 'section[aria-label="Cross-chain swap"]')
    })

    await test.step('one click pays the deposit; the trade is followed until delivered', async () => {
      await cross.payAndAwaitDelivery({ received: quoted, timeoutMs: 90_000 })
    })
    const client = createPublicClient({ chain: ethereum, transport: http() })
    await expect.poll(() => client.getBalance({ address: receiver }), { timeout: 30_000 }).toBe(quoted)
  })
})
