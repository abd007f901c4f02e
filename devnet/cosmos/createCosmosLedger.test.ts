import { toHex } from '@cosmjs/encoding'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { SigningStargateClient } from '@cosmjs/stargate'
import { sha256 } from '@noble/hashes/sha2'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { beforeAll, describe, expect, it } from 'vitest'
import { CosmosTxError } from './CosmosTxError'
import { cosmosHubSpec } from './cosmosHubSpec'
import { createCosmosLedger } from './createCosmosLedger'

const spec = cosmosHubSpec()
const keyOf = (name: string) => sha256(new TextEncoder().encode(name))

async function signer(name: string) {
  const wallet = await DirectSecp256k1Wallet.fromKey(keyOf(name), 'cosmos')
  const [account] = await wallet.getAccounts()
  if (!account) throw new Error('no account')
  const client = await SigningStargateClient.offline(wallet)
  return {
    address: account.address,
    /** A MsgSend of `amount` uatom to `to`, signed with cosmjs for `signerData`. */
    async send(
      to: string,
      amount: string,
      signerData: { accountNumber: bigint; sequence: number; chainId?: string },
      fee = { amount: [{ denom: 'uatom', amount: '1000' }], gas: '200000' },
      memo = '',
    ) {
      const raw = await client.sign(
        account.address,
        [
          {
            typeUrl: '/cosmos.bank.v1beta1.MsgSend',
            value: { fromAddress: account.address, toAddress: to, amount: [{ denom: 'uatom', amount }] },
          },
        ],
        fee,
        memo,
        { chainId: spec.chainId, ...signerData },
      )
      return TxRaw.encode(raw).finish()
    },
  }
}

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error: unknown) {
    if (error instanceof CosmosTxError) return { code: error.code, log: error.message }
    throw error
  }
  throw new Error('not refused')
}

describe('createCosmosLedger', () => {
  let alice: Awaited<ReturnType<typeof signer>>
  let bob: Awaited<ReturnType<typeof signer>>

  beforeAll(async () => {
    alice = await signer('ledger alice')
    bob = await signer('ledger bob')
  })

  const fresh = () =>
    createCosmosLedger(spec, [{ address: alice.address, denom: 'uatom', amount: 10_000_000n }])

  it('takes a cosmjs-signed MsgSend: fee to the fee collector, amount to a new account, sequence +1, SDK events', async () => {
    const ledger = fresh()
    ledger.commitBlock(1_000)
    const bytes = await alice.send(
      bob.address,
      '2500000',
      { accountNumber: 0n, sequence: 0 },
      undefined,
      'hello',
    )
    const check = ledger.checkTx(bytes)
    const hash = toHex(sha256(bytes)).toUpperCase()
    expect(check.hash).toBe(hash)
    expect(ledger.getMempool()).toEqual([hash])
    expect(ledger.getBalance(bob.address, 'uatom')).toBe(0n)
    const block = ledger.commitBlock(2_000)
    expect(block.height).toBe(2)
    const result = ledger.getTx(hash)
    expect(result?.code).toBe(0)
    expect(result?.height).toBe(2)
    expect(ledger.getBalance(alice.address, 'uatom')).toBe(10_000_000n - 2_500_000n - 1000n)
    expect(ledger.getBalance(bob.address, 'uatom')).toBe(2_500_000n)
    expect(ledger.getBalance(spec.feeCollector, 'uatom')).toBe(1000n)
    expect(ledger.getAccount(alice.address)).toMatchObject({ accountNumber: 0n, sequence: 1n })
    expect(ledger.getAccount(bob.address)).toMatchObject({
      accountNumber: 1n,
      sequence: 0n,
      pubKey: undefined,
    })
    const transfers = result?.events
      .filter((e) => e.type === 'transfer')
      .map((e) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value])))
    expect(transfers).toEqual([
      { recipient: spec.feeCollector, sender: alice.address, amount: '1000uatom' },
      { recipient: bob.address, sender: alice.address, amount: '2500000uatom', msg_index: '0' },
    ])
    expect(result?.events.map((e) => e.type)).toEqual([
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
      'tx',
      'tx',
      'tx',
      'message',
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
    ])
  })

  it("refuses with the SDK's codes: 32 wrong sequence, 4 bad signature or another chain id, 13 low fee, 5 no funds for the fee", async () => {
    const ledger = fresh()
    ledger.commitBlock(1_000)
    expect(refusal(() => ledger.checkTx(new Uint8Array([1, 2, 3])))).toMatchObject({ code: 2 })
    const wrongSequence = await alice.send(bob.address, '1', { accountNumber: 0n, sequence: 3 })
    expect(refusal(() => ledger.checkTx(wrongSequence))).toEqual({
      code: 32,
      log: 'account sequence mismatch, expected 0, got 3: incorrect account sequence',
    })
    const otherChain = await alice.send(bob.address, '1', {
      accountNumber: 0n,
      sequence: 0,
      chainId: 'cosmoshub-4',
    })
    const unauthorized = {
      code: 4,
      log: 'signature verification failed; please verify account number (0), sequence (0) and chain-id (cosmoshub-devnet): unauthorized',
    }
    expect(refusal(() => ledger.checkTx(otherChain))).toEqual(unauthorized)
    const wrongAccountNumber = await alice.send(bob.address, '1', { accountNumber: 7n, sequence: 0 })
    expect(refusal(() => ledger.checkTx(wrongAccountNumber))).toEqual(unauthorized)
    const good = TxRaw.decode(await alice.send(bob.address, '1', { accountNumber: 0n, sequence: 0 }))
    const flipped = Uint8Array.from(good.signatures[0] ?? [])
    flipped[10] = (flipped[10] ?? 0) ^ 1
    const tampered = TxRaw.encode({ ...good, signatures: [flipped] }).finish()
    expect(refusal(() => ledger.checkTx(tampered))).toEqual(unauthorized)
    const cheap = await alice.send(
      bob.address,
      '1',
      { accountNumber: 0n, sequence: 0 },
      {
        amount: [{ denom: 'uatom', amount: '999' }],
        gas: '200000',
      },
    )
    expect(refusal(() => ledger.checkTx(cheap))).toEqual({
      code: 13,
      log: 'insufficient fees; got: 999uatom required: 1000uatom: insufficient fee',
    })
    const tooLittleGas = await alice.send(
      bob.address,
      '1',
      { accountNumber: 0n, sequence: 0 },
      {
        amount: [{ denom: 'uatom', amount: '5' }],
        gas: '1000',
      },
    )
    expect(refusal(() => ledger.checkTx(tooLittleGas))).toMatchObject({ code: 11 })
    expect(ledger.getMempool()).toEqual([])
    expect(ledger.getAccount(alice.address)?.sequence).toBe(0n)

    ledger.checkTx(await alice.send(bob.address, '100', { accountNumber: 0n, sequence: 0 }))
    ledger.commitBlock(2_000)
    const bobPays = await bob.send(alice.address, '1', { accountNumber: 1n, sequence: 0 })
    expect(refusal(() => ledger.checkTx(bobPays))).toEqual({
      code: 5,
      log: 'spendable balance 100uatom is smaller than 1000uatom: insufficient funds',
    })
  })

  it('fails a send beyond the balance in the block with code 5, keeping the fee and the sequence taken', async () => {
    const ledger = fresh()
    ledger.commitBlock(1_000)
    const bytes = await alice.send(bob.address, '20000000', { accountNumber: 0n, sequence: 0 })
    const { hash } = ledger.checkTx(bytes)
    ledger.commitBlock(2_000)
    expect(ledger.getTx(hash)).toMatchObject({
      code: 5,
      codespace: 'sdk',
      log: 'failed to execute message; message index: 0: spendable balance 9999000uatom is smaller than 20000000uatom: insufficient funds',
    })
    expect(ledger.getBalance(alice.address, 'uatom')).toBe(9_999_000n)
    expect(ledger.getAccount(alice.address)?.sequence).toBe(1n)
    expect(ledger.getAccount(bob.address)).toBeUndefined()
  })

  it('replays its exported state to the same balances, sequences and block hashes, and refuses a doctored one', async () => {
    const ledger = fresh()
    ledger.commitBlock(1_000)
    ledger.checkTx(await alice.send(bob.address, '300', { accountNumber: 0n, sequence: 0 }))
    ledger.commitBlock(2_000)
    const pending = await alice.send(bob.address, '7', { accountNumber: 0n, sequence: 1 })
    ledger.checkTx(pending)
    const saved = structuredClone(ledger.exportState())
    const again = createCosmosLedger(spec, saved.genesis.balances, saved)
    expect(again.getBlock(2)?.hash).toBe(ledger.getBlock(2)?.hash)
    expect(again.getBalance(bob.address, 'uatom')).toBe(300n)
    expect(again.getAccount(alice.address)?.sequence).toBe(1n)
    expect(again.getMempool()).toEqual(ledger.getMempool())
    again.commitBlock(3_000)
    expect(again.getBalance(bob.address, 'uatom')).toBe(307n)

    const doctored = { ...saved, blocks: saved.blocks.map((b) => ({ ...b, codes: b.codes.map(() => 5) })) }
    expect(() => createCosmosLedger(spec, saved.genesis.balances, doctored)).toThrow(
      'the saved Cosmos block 2 does not replay (codes 0 against 5)',
    )
  })
})
