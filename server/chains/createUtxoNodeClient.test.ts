import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestUtxoChain, type TestUtxoChain } from '../../devnet/utxo/startTestUtxoChain'
import { bitcoinSpec } from '../../devnet/utxo/utxoChainSpecs'
import { AppError } from '../errors'
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
