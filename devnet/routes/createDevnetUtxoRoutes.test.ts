import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getChainInfo } from '../../server/chains/chainInfo'
import { createTestApp } from '../../server/testing/createTestApp'
import { createBitcoinRpcClient } from '../utxo/createBitcoinRpcClient'
import { createUtxoNode, type UtxoNode } from '../utxo/createUtxoNode'
import { serveUtxoRpc } from '../utxo/serveUtxoRpc'
import { bitcoinSpec } from '../utxo/utxoChainSpecs'
import { createDevnetUtxoChain } from '../utxoWallet/createDevnetUtxoChain'
import { describeUtxoWalletNetwork } from '../utxoWallet/describeUtxoWalletNetwork'
import { createDevnetUtxoRoutes } from './createDevnetUtxoRoutes'

const spec = bitcoinSpec()
const BTC = spec.chainId
const alice = new spec.lib.PrivateKey(createHash('sha256').update('wallet alice').digest('hex'), spec.network)
const aliceAddress = alice.toAddress(spec.network, 'witnesspubkeyhash').toString()
const bobAddress = new spec.lib.PrivateKey(
  createHash('sha256').update('wallet bob').digest('hex'),
  spec.network,
)
  .toAddress(spec.network, 'witnesspubkeyhash')
  .toString()

const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

describe('devnet UTXO wallet routes', () => {
  let node: UtxoNode
  let rpc: { url: string; close(): Promise<void> }
  let app: ReturnType<typeof createTestApp>['app']

  beforeAll(async () => {
    node = await createUtxoNode({ spec, blockIntervalMs: 60_000 })
    rpc = await serveUtxoRpc(node, { host: '127.0.0.1', port: 0 })
    const info = getChainInfo(BTC)
    if (info?.family !== 'utxo') throw new Error('no BTC chain info')
    const chain = createDevnetUtxoChain({
      spec,
      network: describeUtxoWalletNetwork(spec, info),
      rpc: createBitcoinRpcClient({ url: rpc.url }),
    })
    app = createTestApp({ isDevnet: true, routes: [createDevnetUtxoRoutes({ chains: [chain] })] }).app
  })
  afterAll(async () => {
    await rpc.close()
  })

  it('describes the chains the wallet can hold', async () => {
    const res = await app.request('/devnet/utxo/networks')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      {
        chainId: BTC,
        symbol: 'BTC',
        decimals: 8,
        script: 'p2wpkh',
        sighash: 'segwit',
        pubKeyHash: 0x6f,
        scriptHash: 0xc4,
        bech32Prefix: 'bcrt',
        feeRateSatPerVbyte: 2,
        faucetAmount: '100000000',
      },
    ])
  })

  it('funds an address, confirmed at once, and lists its coin to the satoshi', async () => {
    const heightBefore = node.ledger.getBlockCount()
    const res = await app.request(`/devnet/utxo/${BTC}/faucet`, post({ address: aliceAddress }))
    expect(res.status).toBe(200)
    const paid = (await res.json()) as { txid: string; amount: string }
    expect(paid.amount).toBe('100000000')
    expect(node.ledger.getBlockCount()).toBe(heightBefore + 1)
    expect(node.ledger.getTransaction(paid.txid)?.blockHash).toBe(
      node.ledger.getBlock(heightBefore + 1)?.hash,
    )

    const listed = await app.request(`/devnet/utxo/${BTC}/unspent?address=${aliceAddress}`)
    expect(listed.status).toBe(200)
    expect(await listed.json()).toEqual({
      address: aliceAddress,
      balance: '100000000',
      unspent: [
        {
          txid: paid.txid,
          vout: 0,
          script: spec.lib.Script.fromAddress(aliceAddress).toHex(),
          amount: '100000000',
          height: heightBefore + 1,
        },
      ],
    })
  })

  it('two faucet requests at once spend different coins', async () => {
    const [a, b] = await Promise.all([
      app.request(`/devnet/utxo/${BTC}/faucet`, post({ address: bobAddress })),
      app.request(`/devnet/utxo/${BTC}/faucet`, post({ address: bobAddress })),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    const listed = (await (
      await app.request(`/devnet/utxo/${BTC}/unspent?address=${bobAddress}`)
    ).json()) as {
      balance: string
    }
    expect(listed.balance).toBe('200000000')
  })

  it('relays a signed transaction, and answers the node reason for one it refuses', async () => {
    const [coin] = node.ledger.listUnspent(spec.lib.Script.fromAddress(aliceAddress).toHex())
    if (coin === undefined) throw new Error('alice has no coin')
    const build = () =>
      new spec.lib.Transaction()
        .from({ txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: coin.satoshis })
        .to(bobAddress, 40_000_000)
        .change(aliceAddress)
        .fee(1_000)
    const wrongKey = new spec.lib.PrivateKey(
      createHash('sha256').update('not alice').digest('hex'),
      spec.network,
    )
    const forged = await app.request(
      `/devnet/utxo/${BTC}/broadcast`,
      post({ hex: build().sign(wrongKey).serialize(true) }),
    )
    expect(forged.status).toBe(400)
    const refusal = (await forged.json()) as { error: { code: string; details: { rpcCode: number } } }
    expect([refusal.error.code, refusal.error.details.rpcCode]).toEqual(['INVALID_PARAMS', -26])

    const signed = build().sign(alice)
    const res = await app.request(`/devnet/utxo/${BTC}/broadcast`, post({ hex: signed.serialize(true) }))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ txid: signed.id })
    expect(node.ledger.getMempool()).toContain(signed.id)
  })

  it('refuses an address of another network and a chain without a devnet node', async () => {
    const mainnet = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    const wrong = await app.request(`/devnet/utxo/${BTC}/unspent?address=${mainnet}`)
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as { error: { details: unknown } }).error.details).toEqual({
      field: 'address',
    })
    const doge = await app.request(`/devnet/utxo/-3143381382/faucet`, post({ address: aliceAddress }))
    expect(doge.status).toBe(400)
    expect(((await doge.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_CHAIN')
  })

  it('are not mounted without a devnet', async () => {
    const { app: networkApp } = createTestApp({})
    expect((await networkApp.request('/devnet/utxo/networks')).status).toBe(404)
  })
})
