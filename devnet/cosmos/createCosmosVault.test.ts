import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { SigningStargateClient } from '@cosmjs/stargate'
import { sha256 } from '@noble/hashes/sha2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { cosmosHubSpec } from './cosmosHubSpec'
import { type CosmosNode, createCosmosNode } from './createCosmosNode'
import { type CosmosVault, createCosmosVault } from './createCosmosVault'
import { serveCosmosRpc } from './serveCosmosRpc'

const spec = cosmosHubSpec()
const PORT = await allocateTestPorts(1)
const FEE = { amount: [{ denom: 'uatom', amount: '1000' }], gas: '200000' }

describe('createCosmosVault: deposits with memos in, payments with memos out', () => {
  let dataDir: string
  let node: CosmosNode
  let rpc: { url: string; close(): Promise<void> }
  let vault: CosmosVault
  let alice: SigningStargateClient
  let aliceAddress: string
  let bob: string

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cosmos-vault-'))
    node = await createCosmosNode({ spec, dataDir, blockIntervalMs: 150 })
    node.start()
    rpc = await serveCosmosRpc(node, { host: '127.0.0.1', port: PORT })
    vault = await createCosmosVault(spec, rpc.url)
    const wallet = await DirectSecp256k1Wallet.fromKey(
      sha256(new TextEncoder().encode('vault alice')),
      'cosmos',
    )
    aliceAddress = (await wallet.getAccounts())[0]?.address ?? ''
    const bobWallet = await DirectSecp256k1Wallet.fromKey(
      sha256(new TextEncoder().encode('vault bob')),
      'cosmos',
    )
    bob = (await bobWallet.getAccounts())[0]?.address ?? ''
    alice = await SigningStargateClient.connectWithSigner(rpc.url, wallet, { broadcastPollIntervalMs: 100 })
    await node.fund(aliceAddress, 20_000_000n)
    await node.fund(vault.address, 100_000_000n)
    await node.commitBlock()
  })
  afterAll(async () => {
    vault.disconnect()
    alice.disconnect()
    await node.stop()
    await rpc.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('lists a deposit by its sender with the memo and exact amount, from a height on', async () => {
    const since = (await vault.height()) + 1
    const memo = `=:ETH.ETH:0x${'ab'.repeat(20)}:0/1/0`
    const sent = await alice.sendTokens(
      aliceAddress,
      vault.address,
      [{ denom: 'uatom', amount: '7654321' }],
      FEE,
      memo,
    )
    const deposits = await vault.listDeposits({ fromHeight: since })
    expect(deposits).toEqual([
      { txId: sent.transactionHash, height: sent.height, from: aliceAddress, amount: 7_654_321n, memo },
    ])
    expect(await vault.listDeposits({ fromHeight: sent.height + 1 })).toEqual([])
    expect(await vault.listDeposits({ fromHeight: since, toHeight: sent.height - 1 })).toEqual([])
  })

  it('pays with a memo: the receiver gets the amount exactly, and the payment is no deposit', async () => {
    const since = (await vault.height()) + 1
    const first = await vault.pay(bob, 1_500_000n, 'OUT:ABC')
    const second = await vault.pay(bob, 2_000n, 'OUT:DEF')
    await node.commitBlock()
    expect(node.ledger.getTx(first)).toMatchObject({ code: 0 })
    expect(node.ledger.getTx(second)).toMatchObject({ code: 0 })
    expect(node.ledger.getBalance(bob, 'uatom')).toBe(1_502_000n)
    expect(node.ledger.getBalance(vault.address, 'uatom')).toBe(
      100_000_000n + 7_654_321n - 1_502_000n - 2_000n,
    )
    expect(await vault.listDeposits({ fromHeight: since })).toEqual([])
  })

  it('broadcasting a signed payment again (after a restart) sends it once', async () => {
    const payment = await vault.signPayment({ to: bob, amount: 10n, memo: 'OUT:AGAIN' })
    await vault.broadcast(payment)
    await vault.broadcast(payment)
    await node.commitBlock()
    await vault.broadcast(payment)
    expect(node.ledger.getBalance(bob, 'uatom')).toBe(1_502_010n)
    expect(vault.isValidAddress(bob)).toBe(true)
    expect(vault.isValidAddress(bob.replace('cosmos', 'osmo'))).toBe(false)
  })
})
