import { erc20Abi, getAddress, parseGwei } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevnetHarness, startDevnetHarness } from '../server/testing/devnetHarness'

const CHAIN_ID = 1

describe('the devnet faucet while another account has a transaction stuck in the pool', () => {
  let h: DevnetHarness

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [CHAIN_ID] })
  }, 600_000)
  afterAll(async () => {
    await h?.stop()
  })

  it('pays every token and the native amount, and leaves the stuck transaction where it is', async () => {
    // dev account 5 signs its nonce + 5: anvil keeps it queued behind the gap, with automine on (one priced
    // below the base fee is refused at once, so a gap is the way a transaction sticks on anvil)
    const pool = { pending: 0, queued: 1 }
    const stuckSender = h.walletClient(CHAIN_ID, 5)
    const signer = h.account(5)
    const nonce = await stuckSender.getTransactionCount({ address: signer.address })
    const stuck = await stuckSender.sendRawTransaction({
      serializedTransaction: await signer.signTransaction({
        type: 'eip1559',
        chainId: CHAIN_ID,
        nonce: nonce + 5,
        to: signer.address,
        value: 1n,
        gas: 21_000n,
        maxFeePerGas: parseGwei('50'),
        maxPriorityFeePerGas: 1n,
      }),
    })
    try {
      expect(await stuckSender.getTxpoolStatus()).toEqual(pool)
      const receiver = getAddress(h.account(7).address)
      const tokens = h.deployment(CHAIN_ID).tokens.filter((t) => !t.tags.includes('native'))
      const balances = () =>
        Promise.all([
          h.balanceOf(CHAIN_ID, '0x0000000000000000000000000000000000000000', receiver),
          ...tokens.map((t) =>
            stuckSender.readContract({
              address: t.address,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [receiver],
            }),
          ),
        ])
      const before = await balances()

      const funded = await h.devnet.fund({ address: receiver, chainId: CHAIN_ID })

      const paid = (await balances()).map((after, i) => after - (before[i] ?? 0n))
      const chain = funded.chains[0]
      expect(funded.chains.length).toBe(1)
      const expected = [
        chain?.native,
        ...tokens.map((t) => chain?.tokens.find((f) => f.address === t.address)?.amount ?? 0n),
      ]
      expect(paid).toEqual(expected)
      expect(paid.every((amount) => amount > 0n)).toBe(true)
      // the other account's transaction is still queued: the faucet neither mined, dropped nor waited on it
      expect(await stuckSender.getTxpoolStatus()).toEqual(pool)
    } finally {
      await stuckSender.dropTransaction({ hash: stuck })
    }
  }, 120_000)
})
