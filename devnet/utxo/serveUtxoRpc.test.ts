import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUtxoNode, type UtxoNode } from './createUtxoNode'
import { serveUtxoRpc } from './serveUtxoRpc'
import { bitcoinSpec } from './utxoChainSpecs'

const spec = bitcoinSpec()
const bob = new spec.lib.PrivateKey(createHash('sha256').update('rpc bob').digest('hex'), spec.network)
const bobAddress = bob.toAddress(spec.network, 'witnesspubkeyhash').toString()

describe('the devnet Bitcoin node speaks Bitcoin Core JSON-RPC', () => {
  let dataDir: string
  let node: UtxoNode
  let rpc: { url: string; close(): Promise<void> }
  let clock = 1_700_000_000_000

  const call = async (method: string, params: unknown[] = [], jsonrpc?: '2.0') => {
    const res = await fetch(rpc.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...(jsonrpc ? { jsonrpc } : {}), id: 7, method, params }),
    })
    return {
      status: res.status,
      body: (await res.json()) as {
        result: unknown
        error: null | { code: number; message: string }
        id: number
      },
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'utxo-rpc-'))
    node = await createUtxoNode({ spec, dataDir, blockIntervalMs: 60_000, now: () => clock })
    rpc = await serveUtxoRpc(node, { host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await rpc?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('starts on regtest with 101 blocks paid to the faucet', async () => {
    const { body } = await call('getblockchaininfo')
    expect(body.result).toMatchObject({
      chain: 'regtest',
      blocks: 100,
      headers: 100,
      initialblockdownload: false,
    })
    expect((await call('getblockhash', [0])).body.result).toBe(node.ledger.getBlock(0)?.hash)
  })

  it('takes a faucet payment through sendrawtransaction, mines it and shows it in getblock 2 and scantxoutset', async () => {
    const txid = await node.fund(bobAddress, 12_345_678)
    expect((await call('getrawmempool')).body.result).toEqual([txid])
    clock += 600_000
    const [hash] = (await call('generatetoaddress', [1, bobAddress])).body.result as string[]
    const block = (await call('getblock', [hash, 2])).body.result as {
      height: number
      tx: { txid: string; vout: unknown[] }[]
    }
    expect(block.height).toBe(101)
    expect(block.tx.map((t) => t.txid).slice(1)).toEqual([txid])
    const paid = block.tx[1]?.vout[0]
    expect(paid).toEqual({
      value: 0.12345678,
      n: 0,
      scriptPubKey: expect.objectContaining({ type: 'witness_v0_keyhash', address: bobAddress }),
    })
    const scan = (await call('scantxoutset', ['start', [`addr(${bobAddress})`]])).body.result
    expect(scan).toMatchObject({ success: true, txouts: 1, total_amount: 0.12345678, height: 101 })
    const tx = (await call('getrawtransaction', [txid, true])).body.result
    expect(tx).toMatchObject({ txid, blockhash: hash, confirmations: 1 })
  })

  it("answers Core's error codes: a spent input -25, a bad signature -26, garbage -22, an unknown method", async () => {
    const mallory = new spec.lib.PrivateKey(
      createHash('sha256').update('rpc mallory').digest('hex'),
      spec.network,
    )
    const [coin] = node.ledger.listUnspent(spec.lib.Script.fromAddress(bobAddress).toHex())
    if (!coin) throw new Error('bob has no coin')
    const input = { txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: coin.satoshis }
    const forged = new spec.lib.Transaction().from(input).to(bobAddress, 1_000).fee(500).sign(mallory)
    expect((await call('sendrawtransaction', [forged.serialize(true)])).body.error).toEqual({
      code: -26,
      message: expect.stringMatching(/^mandatory-script-verify-flag-failed/),
    })
    const good = new spec.lib.Transaction()
      .from(input)
      .to(bobAddress, 1_000)
      .change(bobAddress)
      .fee(500)
      .sign(bob)
    expect((await call('sendrawtransaction', [good.serialize(true)])).body.result).toBe(good.hash)
    const twice = new spec.lib.Transaction()
      .from(input)
      .to(bobAddress, 2_000)
      .change(bobAddress)
      .fee(500)
      .sign(bob)
    const spent = await call('sendrawtransaction', [twice.serialize(true)])
    expect([spent.status, spent.body.error?.code]).toEqual([500, -25])
    expect((await call('sendrawtransaction', ['zz'], '2.0')).body.error?.code).toBe(-22)
    const unknown = await call('getwalletinfo')
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, -32601])
  })

  it('restarts from its data directory with the same chain and mempool', async () => {
    const again = await createUtxoNode({ spec, dataDir, blockIntervalMs: 60_000, now: () => clock })
    expect(again.ledger.getBlockCount()).toBe(node.ledger.getBlockCount())
    expect(again.ledger.getBlock(101)?.hash).toBe(node.ledger.getBlock(101)?.hash)
    expect(again.ledger.getMempool()).toEqual(node.ledger.getMempool())
  })
})
