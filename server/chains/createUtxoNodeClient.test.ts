import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestUtxoChain, type TestUtxoChain } from '../../devnet/utxo/startTestUtxoChain'
import { bitcoinSpec } from '../../devnet/utxo/utxoChainSpecs'
import { AppError } from '../errors'
import { allocateTestPorts } from '../testing/allocateTestPorts'
import { createUtxoNodeClient } from './createUtxoNodeClient'

describe('createUtxoNodeClient against a devnet Bitcoin node', () => {
  let btc: TestUtxoChain
  beforeAll(async () => {
    btc = await startTestUtxoChain(bitcoinSpec())
  })
  afterAll(async () => {
    await btc?.close()
  })

  it('reads the mempool and a transaction in it, amounts in exact satoshis; an unknown txid is undefined', async () => {
    const client = createUtxoNodeClient({ url: btc.url })
    const { address } = await btc.fundKey('node client payee', 1)
    expect(await client.getRawMempool()).toEqual([])
    const txid = await btc.node.fund(address, 123_456_789)
    expect(await client.getRawMempool()).toEqual([txid])
    const tx = await client.getRawTransaction(txid)
    expect(tx?.txid).toBe(txid)
    expect(tx?.confirmations).toBe(0)
    expect(tx?.outputs.filter((o) => o.address === address).map((o) => o.satoshis)).toEqual([123_456_789n])
    await btc.node.mineBlock()
    expect(await client.getRawMempool()).toEqual([])
    expect((await client.getRawTransaction(txid))?.confirmations).toBe(1)
    expect(await client.getRawTransaction('00'.repeat(32))).toBeUndefined()
  })

  it('a node that does not answer is UPSTREAM_UNAVAILABLE', async () => {
    const stopped = await startTestUtxoChain(bitcoinSpec())
    await stopped.close()
    const client = createUtxoNodeClient({ url: stopped.url, timeoutMs: 2_000 })
    const error = await client.getRawMempool().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
  })
})

describe('createUtxoNodeClient against a Bitcoin Core 25 answer', () => {
  it("reads an input's prevout address, with basic auth; addresses of either field", async () => {
    const seen: { auth?: string; params?: unknown }[] = []
    // getrawtransaction 2 as Bitcoin Core 25+ answers it (`prevout`), the older `addresses` field on one output
    const answer = {
      txid: 'ab'.repeat(32),
      vin: [
        { txid: 'cd'.repeat(32), vout: 1, prevout: { scriptPubKey: { hex: '0014', address: 'bc1qpayer' } } },
      ],
      vout: [
        { n: 0, value: 0.00012345, scriptPubKey: { hex: '0014', address: 'bc1qvault' } },
        { n: 1, value: 20999999.97690001, scriptPubKey: { hex: '76a9', addresses: ['1Legacy'] } },
      ],
    }
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      req.on('end', () => {
        seen.push({
          auth: req.headers.authorization,
          params: (JSON.parse(body) as { params: unknown }).params,
        })
        res.end(JSON.stringify({ result: answer, error: null, id: 1 }))
      })
    })
    const port = await allocateTestPorts(1)
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    try {
      const client = createUtxoNodeClient({ url: `http://127.0.0.1:${port}`, username: 'u', password: 'p' })
      expect(await client.getRawTransaction('ab'.repeat(32))).toEqual({
        txid: 'ab'.repeat(32),
        confirmations: 0,
        inputs: [{ txid: 'cd'.repeat(32), vout: 1, address: 'bc1qpayer' }],
        outputs: [
          { n: 0, satoshis: 12_345n, script: '0014', address: 'bc1qvault' },
          { n: 1, satoshis: 2_099_999_997_690_001n, script: '76a9', address: '1Legacy' },
        ],
      })
      expect(seen).toEqual([
        { auth: `Basic ${Buffer.from('u:p').toString('base64')}`, params: ['ab'.repeat(32), 2] },
      ])
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
