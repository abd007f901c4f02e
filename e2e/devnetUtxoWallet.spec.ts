import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { chainOf } from './fixtures/chainHelpers'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { expect, test } from './fixtures/wallet'

const BTC = -3980891822

test.describe('the built-in devnet UTXO wallet', () => {
  // faucet, deposit, the network's confirmations and the payout: the delivery step alone may wait 60 s, the
  // whole default budget of a test
  test.setTimeout(120_000)
  test('BTC to ETH: the network quote shown, funded by the faucet, one click pays, delivered to the wei', async ({
    cross,
    page,
    wallet,
  }) => {
    const ethereum = chainOf(wallet, 1)
    const receiver = privateKeyToAddress(generatePrivateKey())
    await cross.goto({ chainId: BTC, toChainId: 1, heading: 'Bitcoin to Ethereum' })
    const walletAddress = await cross.walletAddress('Bitcoin', /^bcrt1q[0-9a-z]{38}$/)

    let quoted = 0n
    await test.step("the amount shown is the network's quote", async () => {
      quoted = await cross.quoteNetwork({ from: 'Bitcoin', to: 'Ethereum', amount: '0.01', receiver })
    })

    await test.step('the deposit view offers the devnet wallet; the faucet funds it', async () => {
      await cross.openDeposit()
      await cross.devnetWallet.fund({ address: walletAddress, symbol: 'BTC', balance: /Balance: [1-9]/ })
      await expectNoSeriousViolations(page, 'section[aria-label="Cross-chain swap"]')
    })

    await test.step('one click pays the deposit; the trade is followed until delivered', async () => {
      await cross.payAndAwaitDelivery({ received: quoted, timeoutMs: 60_000 })
    })
    const client = createPublicClient({ chain: ethereum, transport: http() })
    await expect.poll(() => client.getBalance({ address: receiver }), { timeout: 30_000 }).toBe(quoted)
  })
})
