import { toBase64, toHex } from '@cosmjs/encoding'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { SigningStargateClient } from '@cosmjs/stargate'
import { sha256 } from '@noble/hashes/sha2'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getChainInfo } from '../../server/chains/chainInfo'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { createTestApp } from '../../server/testing/createTestApp'
import { cosmosHubSpec } from '../cosmos/cosmosHubSpec'
import { type CosmosNode, createCosmosNode } from '../cosmos/createCosmosNode'
import { serveCosmosRpc } from '../cosmos/serveCosmosRpc'
import { createDevnetCosmosChain } from '../cosmosWallet/createDevnetCosmosChain'
import { createDevnetCosmosRoutes } from './createDevnetCosmosRoutes'

const spec = cosmosHubSpec()
const ATOM = -978111860
const PORT = await allocateTestPorts(1)

const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

const walletOf = (name: string) =>
  DirectSecp256k1Wallet.fromKey(sha256(new TextEncoder().encode(`devnet cosmos route ${name}`)), 'cosmos')

describe('devnet Cosmos wallet routes', () => {
  let node: CosmosNode
  let rpc: { url: string; close(): Promise<void> }
  let app: ReturnType<typeof createTestApp>['app']
  let alice: DirectSecp256k1Wallet
  let aliceAddress: string
  let bobAddress: string

  beforeAll(async () => {
    node = await createCosmosNode({ spec, blockIntervalMs: 150 })
    node.start()
    rpc = await serveCosmosRpc(node, { host: '127.0.0.1', port: PORT })
    const info = getChainInfo(ATOM)
    if (info?.family !== 'cosmos') throw new Error('no Cosmos Hub chain info')
    const chain = createDevnetCosmosChain({ spec, info, rpcUrl: rpc.url, pollMs: 50 })
    app = createTestApp({ isDevnet: true, routes: [createDevnetCosmosRoutes({ chains: [chain] })] }).app
    alice = await walletOf('alice')
    aliceAddress = (await alice.getAccounts())[0]?.address ?? ''
    bobAddress = (await (await walletOf('bob')).getAccounts())[0]?.address ?? ''
  })
  afterAll(async () => {
    await node.stop()
    await rpc.close()
  })

  const accountOf = async (address: string) => {
    const res = await app.request(`/devnet/cosmos/${ATOM}/account?address=${address}`)
    expect(res.status).toBe(200)
    return res.json()
  }
  const signSend = async (params: {
    amount: string
    memo: string
    accountNumber: string
    sequence: number
  }) => {
    const signer = await SigningStargateClient.offline(alice)
    const raw = await signer.sign(
      aliceAddress,
      [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: {
            fromAddress: aliceAddress,
            toAddress: bobAddress,
            amount: [{ denom: 'uatom', amount: params.amount }],
          },
        },
      ],
      { amount: [{ denom: 'uatom', amount: '1000' }], gas: '200000' },
      params.memo,
      { accountNumber: BigInt(params.accountNumber), sequence: params.sequence, chainId: 'cosmoshub-devnet' },
    )
    return TxRaw.encode(raw).finish()
  }

  it('describes the chain the wallet signs for', async () => {
    const res = await app.request('/devnet/cosmos/networks')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      {
        chainId: ATOM,
        cosmosChainId: 'cosmoshub-devnet',
        symbol: 'ATOM',
        decimals: 6,
        bech32Prefix: 'cosmos',
        denom: 'uatom',
        gasLimit: '200000',
        fee: '1000',
        faucetAmount: '100000000',
        rpcUrl: rpc.url,
      },
    ])
  })

  it('an unknown account has no number, sequence 0 and no coins', async () => {
    expect(await accountOf(bobAddress)).toEqual({
      address: bobAddress,
      accountNumber: null,
      sequence: 0,
      balance: '0',
    })
  })

  it('faucet, balance and a signed deposit with its memo round trip through the real node', async () => {
    const [a, b] = await Promise.all([
      app.request(`/devnet/cosmos/${ATOM}/faucet`, post({ address: aliceAddress })),
      app.request(`/devnet/cosmos/${ATOM}/faucet`, post({ address: aliceAddress })),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    const paid = (await a.json()) as { txHash: string; amount: string }
    expect(paid.amount).toBe('100000000')
    expect(node.ledger.getTx(paid.txHash)?.code).toBe(0)
    const funded = (await accountOf(aliceAddress)) as { accountNumber: string | null }
    expect(funded).toEqual({
      address: aliceAddress,
      accountNumber: expect.stringMatching(/^\d+$/),
      sequence: 0,
      balance: '200000000',
    })
    const accountNumber = funded.accountNumber ?? ''

    const txBytes = await signSend({
      amount: '1234567',
      memo: '=:ETH.ETH:0xabc:0',
      accountNumber,
      sequence: 0,
    })
    const res = await app.request(`/devnet/cosmos/${ATOM}/broadcast`, post({ txBytes: toBase64(txBytes) }))
    expect(res.status).toBe(200)
    const txHash = toHex(sha256(txBytes)).toUpperCase()
    expect(await res.json()).toEqual({ txHash })
    await node.commitBlock()
    expect(node.ledger.getTx(txHash)?.code).toBe(0)
    expect(await accountOf(aliceAddress)).toEqual({
      address: aliceAddress,
      accountNumber,
      sequence: 1,
      balance: String(200_000_000 - 1_234_567 - 1_000),
    })
    expect(((await accountOf(bobAddress)) as { balance: string }).balance).toBe('1234567')

    const replay = await signSend({ amount: '1', memo: 'again', accountNumber, sequence: 0 })
    const refused = await app.request(`/devnet/cosmos/${ATOM}/broadcast`, post({ txBytes: toBase64(replay) }))
    expect(refused.status).toBe(400)
    const refusal = (await refused.json()) as {
      message: string
      error: { code: string; details: { code: number; codespace: string } }
    }
    expect([refusal.error.code, refusal.error.details]).toEqual([
      'INVALID_PARAMS',
      { code: 32, codespace: 'sdk' },
    ])
    expect(refusal.message).toBe(
      'The node refused: account sequence mismatch, expected 1, got 0: incorrect account sequence',
    )
  })

  it('refuses a malformed address, a transaction not in base64 and a chain without a devnet node', async () => {
    const wrong = await app.request(`/devnet/cosmos/${ATOM}/account?address=osmo1notcosmos`)
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as { error: { details: unknown } }).error.details).toEqual({
      field: 'address',
    })
    // not base64 (a stray character, a length no encoder writes), or base64 of bytes that are no TxRaw: 400
    for (const txBytes of [
      'not base64!',
      'abc',
      'AAAAA',
      'QUJD=',
      '////',
      toBase64(new Uint8Array([1, 2, 3])),
    ]) {
      const garbage = await app.request(`/devnet/cosmos/${ATOM}/broadcast`, post({ txBytes }))
      const body = (await garbage.json()) as { error: { code: string } }
      expect([garbage.status, body.error.code], txBytes).toEqual([400, 'INVALID_PARAMS'])
    }
    const btc = await app.request('/devnet/cosmos/-3980891822/faucet', post({ address: aliceAddress }))
    expect(btc.status).toBe(400)
    expect(((await btc.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_CHAIN')
  })

  it('are not mounted without a devnet', async () => {
    const { app: networkApp } = createTestApp({})
    expect((await networkApp.request('/devnet/cosmos/networks')).status).toBe(404)
  })
})
