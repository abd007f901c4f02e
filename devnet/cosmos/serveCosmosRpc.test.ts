import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { toBech32 } from '@cosmjs/encoding'
import { DirectSecp256k1Wallet, decodeTxRaw } from '@cosmjs/proto-signing'
import { BroadcastTxError, GasPrice, SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { sha256 } from '@noble/hashes/sha2'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { cosmosHubSpec } from './cosmosHubSpec'
import { type CosmosNode, createCosmosNode } from './createCosmosNode'
import { serveCosmosRpc } from './serveCosmosRpc'

const spec = cosmosHubSpec()
const PORT = await allocateTestPorts(1)
const FEE = { amount: [{ denom: 'uatom', amount: '1000' }], gas: '200000' }

const walletOf = (name: string) =>
  DirectSecp256k1Wallet.fromKey(sha256(new TextEncoder().encode(name)), 'cosmos')
const addressOf = async (wallet: DirectSecp256k1Wallet) => {
  const [account] = await wallet.getAccounts()
  if (!account) throw new Error('no account')
  return account.address
}

describe('serveCosmosRpc: cosmjs talks to the devnet Cosmos Hub unchanged', () => {
  let dataDir: string
  let node: CosmosNode
  let rpc: { url: string; close(): Promise<void> }
  let aliceWallet: DirectSecp256k1Wallet
  let alice: string
  let bob: string
  let client: SigningStargateClient

  const startNode = async () => {
    node = await createCosmosNode({ spec, dataDir, blockIntervalMs: 150 })
    node.start()
    rpc = await serveCosmosRpc(node, { host: '127.0.0.1', port: PORT })
    client = await SigningStargateClient.connectWithSigner(rpc.url, aliceWallet, {
      gasPrice: GasPrice.fromString('0.005uatom'),
      broadcastPollIntervalMs: 100,
      broadcastTimeoutMs: 20_000,
    })
  }
  const stopNode = async () => {
    client.disconnect()
    await node.stop()
    await rpc.close()
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cosmos-rpc-'))
    aliceWallet = await walletOf('rpc alice')
    alice = await addressOf(aliceWallet)
    bob = await addressOf(await walletOf('rpc bob'))
    await startNode()
    await node.fund(alice, 50_000_000n)
    await node.commitBlock()
  })
  afterAll(async () => {
    await stopNode()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('reports the chain id and height, and reads balances and accounts like a real node', async () => {
    expect(await client.getChainId()).toBe('cosmoshub-devnet')
    expect(await client.getHeight()).toBe(node.ledger.height())
    expect(await client.getBalance(alice, 'uatom')).toEqual({ denom: 'uatom', amount: '50000000' })
    expect(await client.getAllBalances(alice)).toEqual([{ denom: 'uatom', amount: '50000000' }])
    expect(await client.getBalance(bob, 'uatom')).toEqual({ denom: 'uatom', amount: '0' })
    expect(await client.getAccount(bob)).toBeNull()
    expect(await client.getAccount(alice)).toEqual({
      address: alice,
      pubkey: null,
      accountNumber: 1n,
      sequence: 0,
    })
    const block = await client.getBlock(1)
    expect(block.header).toMatchObject({ height: 1, chainId: 'cosmoshub-devnet' })
  })

  it('sendTokens with a memo: the receiver gets exactly the amount, getTx and searchTx by recipient find the memo', async () => {
    const sent = await client.sendTokens(
      alice,
      bob,
      [{ denom: 'uatom', amount: '1234567' }],
      FEE,
      '=:ETH.ETH:0xabc',
    )
    expect(sent.code).toBe(0)
    expect(await client.getBalance(bob, 'uatom')).toEqual({ denom: 'uatom', amount: '1234567' })
    expect(await client.getBalance(alice, 'uatom')).toEqual({
      denom: 'uatom',
      amount: String(50_000_000 - 1_234_567 - 1000),
    })
    const tx = await client.getTx(sent.transactionHash)
    expect(tx?.height).toBe(sent.height)
    expect(decodeTxRaw(tx?.tx ?? new Uint8Array()).body.memo).toBe('=:ETH.ETH:0xabc')
    const found = await client.searchTx([{ key: 'transfer.recipient', value: bob }])
    expect(found.map((t) => t.hash)).toEqual([sent.transactionHash])
    const body = decodeTxRaw(found[0]?.tx ?? new Uint8Array()).body
    expect(body.memo).toBe('=:ETH.ETH:0xabc')
    expect(MsgSend.decode(body.messages[0]?.value ?? new Uint8Array()).amount).toEqual([
      { denom: 'uatom', amount: '1234567' },
    ])
    expect(await client.searchTx([{ key: 'message.sender', value: alice }])).toHaveLength(1)
    expect((await client.getAccount(alice))?.sequence).toBe(1)

    const rest = (await (await fetch(`${rpc.url}/cosmos/tx/v1beta1/txs/${sent.transactionHash}`)).json()) as {
      tx: { body: { memo: string; messages: unknown[] } }
      tx_response: { txhash: string; code: number; height: string }
    }
    expect(rest.tx.body.memo).toBe('=:ETH.ETH:0xabc')
    expect(rest.tx.body.messages).toEqual([
      {
        '@type': '/cosmos.bank.v1beta1.MsgSend',
        from_address: alice,
        to_address: bob,
        amount: [{ denom: 'uatom', amount: '1234567' }],
      },
    ])
    expect(rest.tx_response).toMatchObject({
      txhash: sent.transactionHash,
      code: 0,
      height: String(sent.height),
    })
    const balances = await (await fetch(`${rpc.url}/cosmos/bank/v1beta1/balances/${bob}`)).json()
    expect(balances).toEqual({
      balances: [{ denom: 'uatom', amount: '1234567' }],
      pagination: { next_key: null, total: '1' },
    })
    const account = await (await fetch(`${rpc.url}/cosmos/auth/v1beta1/accounts/${alice}`)).json()
    expect(account).toMatchObject({ account: { address: alice, account_number: '1', sequence: '1' } })
    expect(
      (await fetch(`${rpc.url}/cosmos/auth/v1beta1/accounts/${toBech32('cosmos', new Uint8Array(20))}`))
        .status,
    ).toBe(404)
  })

  it("sendTokens with fee 'auto' simulates the gas and pays the minimum gas price for it", async () => {
    const before = BigInt((await client.getBalance(alice, 'uatom')).amount)
    const sent = await client.sendTokens(alice, bob, [{ denom: 'uatom', amount: '10' }], 'auto')
    expect(sent.code).toBe(0)
    const fee = BigInt(Math.ceil(Number(sent.gasWanted) * 0.005))
    expect(BigInt((await client.getBalance(alice, 'uatom')).amount)).toBe(before - 10n - fee)
    expect(sent.gasUsed).toBeLessThanOrEqual(sent.gasWanted)
  })

  it("refuses through broadcast_tx_sync with the SDK's codes: 32 wrong sequence, 4 bad signature, 13 low fee", async () => {
    const { accountNumber, sequence } = await client.getSequence(alice)
    const sign = (signerData: { sequence: number; chainId?: string }, fee = FEE) =>
      client.sign(
        alice,
        [
          {
            typeUrl: '/cosmos.bank.v1beta1.MsgSend',
            value: { fromAddress: alice, toAddress: bob, amount: [{ denom: 'uatom', amount: '1' }] },
          },
        ],
        fee,
        '',
        { accountNumber, chainId: spec.chainId, ...signerData },
      )
    const refusedWith = async (raw: TxRaw) => {
      try {
        await client.broadcastTxSync(TxRaw.encode(raw).finish())
      } catch (error: unknown) {
        if (error instanceof BroadcastTxError) return { code: error.code, codespace: error.codespace }
        throw error
      }
      throw new Error('accepted')
    }
    expect(await refusedWith(await sign({ sequence: sequence + 1 }))).toEqual({ code: 32, codespace: 'sdk' })
    const viaRest = await fetch(`${rpc.url}/cosmos/tx/v1beta1/txs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tx_bytes: Buffer.from(TxRaw.encode(await sign({ sequence: sequence + 2 })).finish()).toString(
          'base64',
        ),
        mode: 'BROADCAST_MODE_SYNC',
      }),
    })
    expect(((await viaRest.json()) as { tx_response: unknown }).tx_response).toMatchObject({
      code: 32,
      codespace: 'sdk',
      raw_log: `account sequence mismatch, expected ${sequence}, got ${sequence + 2}: incorrect account sequence`,
    })
    expect(await refusedWith(await sign({ sequence, chainId: 'cosmoshub-4' }))).toEqual({
      code: 4,
      codespace: 'sdk',
    })
    expect(
      await refusedWith(
        await sign({ sequence }, { amount: [{ denom: 'uatom', amount: '10' }], gas: '200000' }),
      ),
    ).toEqual({
      code: 13,
      codespace: 'sdk',
    })
  })

  it('keeps balances, sequences and transactions across a restart, and the next send signs the next sequence', async () => {
    const bobBefore = await client.getBalance(bob, 'uatom')
    const aliceAccount = await client.getAccount(alice)
    const height = node.ledger.height()
    const firstTx = (await client.searchTx([{ key: 'transfer.recipient', value: bob }]))[0]?.hash
    await stopNode()
    await startNode()
    expect(node.ledger.height()).toBeGreaterThanOrEqual(height)
    expect(await client.getBalance(bob, 'uatom')).toEqual(bobBefore)
    expect(await client.getAccount(alice)).toEqual(aliceAccount)
    expect((await client.getTx(firstTx ?? ''))?.code).toBe(0)
    const sent = await client.sendTokens(alice, bob, [{ denom: 'uatom', amount: '5' }], FEE, 'after restart')
    expect(sent.code).toBe(0)
    expect(await client.getBalance(bob, 'uatom')).toEqual({
      denom: 'uatom',
      amount: String(BigInt(bobBefore.amount) + 5n),
    })
    expect((await client.getAccount(alice))?.sequence).toBe((aliceAccount?.sequence ?? 0) + 1)
  })

  it('answers raw JSON-RPC as CometBFT does: pages of tx_search, a missing tx, an unknown method, the GET form', async () => {
    const call = async (method: string, params: Record<string, unknown>) =>
      (await (
        await fetch(rpc.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 3, method, params }),
        })
      ).json()) as { id: number; result?: { total_count: string; txs: { hash: string }[] }; error?: unknown }
    const all = await call('tx_search', { query: `message.sender='${alice}'`, per_page: '1', page: '1' })
    expect(all.id).toBe(3)
    const total = Number(all.result?.total_count)
    expect(total).toBe((await client.searchTx([{ key: 'message.sender', value: alice }])).length)
    expect(all.result?.txs).toHaveLength(1)
    const last = await call('tx_search', {
      query: `message.sender='${alice}'`,
      per_page: '1',
      page: String(total),
      order_by: 'desc',
    })
    expect(last.result?.txs[0]?.hash).toBe(all.result?.txs[0]?.hash)
    expect((await call('tx', { hash: Buffer.alloc(32).toString('base64') })).error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: `tx (${'00'.repeat(32)}) not found`,
    })
    expect((await call('no_such_method', {})).error).toMatchObject({ code: -32601 })
    expect((await call('tx_search', { query: "tx.height=='1'" })).error).toMatchObject({ code: -32602 })
    const status = (await (await fetch(`${rpc.url}/status`)).json()) as {
      result: { node_info: { network: string; version: string } }
    }
    expect(status.result.node_info).toMatchObject({ network: 'cosmoshub-devnet', version: '0.38.17' })
  })

  it('a read-only StargateClient connects too', async () => {
    const reader = await StargateClient.connect(rpc.url)
    expect(await reader.getChainId()).toBe('cosmoshub-devnet')
    reader.disconnect()
  })
})
