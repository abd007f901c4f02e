import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer as createHttpServer } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { pubECDSA } from '@scure/btc-signer/utils.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BitcoinRpcClient, BitcoinRpcError, createBitcoinRpcClient } from './createBitcoinRpcClient'
import { createUtxoNode } from './createUtxoNode'
import { serveUtxoRpc } from './serveUtxoRpc'
import { bitcoinSpec } from './utxoChainSpecs'

type Network = typeof btc.NETWORK
const bitcoinRegtest: Network = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
const litecoinRegtest: Network = { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef }

const keyOf = (name: string) => new Uint8Array(createHash('sha256').update(name).digest())

/**
 * The adapter's whole path on one chain, signed by an independent library (@scure/btc-signer): find a coin of
 * `payer`, pay `amount` to a fresh address with a THORChain-style OP_RETURN memo, confirm it, read it back.
 */
async function payWithMemo(params: {
  client: BitcoinRpcClient
  network: Network
  payer: Uint8Array
  mine: (blocks: number) => Promise<void>
}) {
  const { client, network, payer } = params
  const from = btc.p2wpkh(pubECDSA(payer), network)
  const to = btc.p2wpkh(pubECDSA(keyOf(`payee ${network.bech32}`)), network)
  if (!from.address || !to.address) throw new Error('no address')
  const [coin] = (await client.listUnspent(from.address)).sort((a, b) => a.height - b.height)
  if (!coin) throw new Error('the payer has no coin')
  const memo = new TextEncoder().encode('=:ETH.ETH:0x1111111111111111111111111111111111111111')
  const amount = 25_000_000n
  const fee = 5_000n
  const tx = new btc.Transaction({ allowUnknownOutputs: true })
  tx.addInput({
    txid: hex.decode(coin.txid),
    index: coin.vout,
    witnessUtxo: { script: from.script, amount: coin.satoshis },
  })
  tx.addOutputAddress(to.address, amount, network)
  tx.addOutput({ script: btc.Script.encode(['RETURN', memo]), amount: 0n })
  tx.addOutputAddress(from.address, coin.satoshis - amount - fee, network)
  tx.sign(payer)
  tx.finalize()
  const txid = await client.sendRawTransaction(tx.hex)
  await params.mine(1)
  const read = await client.getRawTransaction(txid)
  return { txid, read, to: to.address, amount, expectedTxid: tx.id }
}

describe('createBitcoinRpcClient against the devnet Bitcoin node', () => {
  let dataDir: string
  let close: () => Promise<void>
  let client: BitcoinRpcClient
  let mine: (blocks: number) => Promise<void>
  const payer = keyOf('adapter payer btc')

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'btc-adapter-'))
    const spec = bitcoinSpec()
    const node = await createUtxoNode({ spec, dataDir, blockIntervalMs: 60_000 })
    const rpc = await serveUtxoRpc(node, { host: '127.0.0.1', port: 0 })
    close = rpc.close
    client = createBitcoinRpcClient({ url: rpc.url })
    mine = async (n) => {
      await client.call('generatetoaddress', [n, node.faucetAddress])
    }
    const address = btc.p2wpkh(pubECDSA(payer), bitcoinRegtest).address ?? ''
    await node.fund(address, 100_000_000)
    await mine(1)
  })
  afterAll(async () => {
    await close?.()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('pays with a memo, signed by @scure/btc-signer, and reads it back to the satoshi', async () => {
    const { txid, read, to, amount, expectedTxid } = await payWithMemo({
      client,
      network: bitcoinRegtest,
      payer,
      mine,
    })
    expect(txid).toBe(expectedTxid)
    expect(read.confirmations).toBe(1)
    expect(read.outputs.slice(0, 2)).toEqual([
      { n: 0, satoshis: amount, script: expect.any(String), type: 'witness_v0_keyhash', address: to },
      { n: 1, satoshis: 0n, script: expect.stringMatching(/^6a/), type: 'nulldata' },
    ])
    await expect(client.sendRawTransaction(read.hex)).rejects.toThrow(BitcoinRpcError)
  })
})

const hasLitecoind = spawnSync('litecoind', ['-version'], { stdio: 'ignore' }).status === 0

describe.skipIf(!hasLitecoind)('createBitcoinRpcClient against a real litecoind in regtest', () => {
  let dataDir: string
  let daemon: ChildProcess | undefined
  let client: BitcoinRpcClient
  const payer = keyOf('adapter payer ltc')
  const payerAddress = btc.p2wpkh(pubECDSA(payer), litecoinRegtest).address ?? ''
  const mine = async (n: number) => {
    await client.call('generatetoaddress', [n, payerAddress])
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ltc-adapter-'))
    const port = await freePort()
    daemon = spawn(
      'litecoind',
      [
        '-regtest',
        `-datadir=${dataDir}`,
        `-rpcport=${port}`,
        '-rpcbind=127.0.0.1',
        '-rpcallowip=127.0.0.1',
        '-rpcuser=test',
        '-rpcpassword=test',
        '-listen=0',
        '-server=1',
        '-txindex=1',
        '-printtoconsole=0',
      ],
      { stdio: 'ignore' },
    )
    client = createBitcoinRpcClient({ url: `http://127.0.0.1:${port}`, username: 'test', password: 'test' })
    for (let i = 0; ; i++) {
      try {
        await client.getBlockchainInfo()
        break
      } catch (error: unknown) {
        if (i > 100) throw error
        await new Promise((r) => setTimeout(r, 200))
      }
    }
    // 101 blocks: the first coinbase is mature (100 confirmations) when the test spends it
    await mine(101)
  })
  afterAll(async () => {
    daemon?.kill('SIGTERM')
    await new Promise((r) => daemon?.once('exit', r))
    await rm(dataDir, { recursive: true, force: true })
  })

  it('pays with a memo through the same adapter code, and Litecoin Core accepts and confirms it', async () => {
    const info = await client.getBlockchainInfo()
    expect(info.chain).toBe('regtest')
    const { txid, read, to, amount, expectedTxid } = await payWithMemo({
      client,
      network: litecoinRegtest,
      payer,
      mine,
    })
    expect(txid).toBe(expectedTxid)
    expect(read.confirmations).toBe(1)
    expect(read.outputs[0]).toEqual({
      n: 0,
      satoshis: amount,
      script: expect.any(String),
      type: 'witness_v0_keyhash',
      address: to,
    })
    expect(read.outputs[1]?.type).toBe('nulldata')
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

describe('createBitcoinRpcClient on a connection reset', () => {
  /** A JSON-RPC server that resets the first `resets` connections and answers `42` on the others. */
  async function resettingServer(resets: number) {
    let seen = 0
    const server = createHttpServer((req, res) => {
      seen++
      if (seen <= resets) {
        req.socket.destroy()
        return
      }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ result: 42, error: null, id: 1 }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    return { url: `http://127.0.0.1:${port}`, requests: () => seen, close: () => server.close() }
  }

  it('sends a read again once, and not a broadcast', async () => {
    const node = await resettingServer(1)
    try {
      const client = createBitcoinRpcClient({ url: node.url })
      expect(await client.call('getblockcount')).toBe(42)
      expect(node.requests()).toBe(2)
    } finally {
      node.close()
    }
    const broadcastNode = await resettingServer(1)
    try {
      const client = createBitcoinRpcClient({ url: broadcastNode.url })
      await expect(client.sendRawTransaction('00')).rejects.toThrow()
      expect(broadcastNode.requests()).toBe(1)
    } finally {
      broadcastNode.close()
    }
  })

  it('gives up after the second reset', async () => {
    const node = await resettingServer(2)
    try {
      await expect(createBitcoinRpcClient({ url: node.url }).call('getblockcount')).rejects.toThrow()
      expect(node.requests()).toBe(2)
    } finally {
      node.close()
    }
  })
})
