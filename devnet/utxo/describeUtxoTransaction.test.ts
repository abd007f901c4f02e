import { describe, expect, it } from 'vitest'
import { createUtxoLedger } from './createUtxoLedger'
import { classifyScript, describeUtxoTransaction, toCoins } from './describeUtxoTransaction'
import { bitcoinSpec } from './utxoChainSpecs'

describe('describeUtxoTransaction', () => {
  it('names scripts as Bitcoin Core does', () => {
    expect(classifyScript(`0014${'ab'.repeat(20)}`)).toBe('witness_v0_keyhash')
    expect(classifyScript(`0020${'ab'.repeat(32)}`)).toBe('witness_v0_scripthash')
    expect(classifyScript(`5120${'ab'.repeat(32)}`)).toBe('witness_v1_taproot')
    expect(classifyScript(`76a914${'ab'.repeat(20)}88ac`)).toBe('pubkeyhash')
    expect(classifyScript(`a914${'ab'.repeat(20)}87`)).toBe('scripthash')
    expect(classifyScript('6a0568656c6c6f')).toBe('nulldata')
    expect(classifyScript('51')).toBe('nonstandard')
  })

  it('writes amounts in whole coins with 8 decimals', () => {
    expect([toCoins(1), toCoins(12_345_678), toCoins(50_0000_0000)]).toEqual([0.00000001, 0.12345678, 50])
  })

  it('decodes a devnet coinbase: BIP34 height, one output to the miner', () => {
    const spec = bitcoinSpec()
    const ledger = createUtxoLedger(spec)
    const script = `0014${'11'.repeat(20)}`
    const block = ledger.mine({ rewardScript: script, time: 1_700_000_000 })
    const tx = describeUtxoTransaction(spec, block.txs[0] ?? '')
    expect(tx.txid).toBe(block.txids[0])
    expect(tx.vin).toEqual([
      { coinbase: `0400000000${Buffer.from('tributary devnet').toString('hex')}`, sequence: 0xffffffff },
    ])
    expect(tx.vout).toEqual([
      {
        value: 50,
        n: 0,
        scriptPubKey: expect.objectContaining({
          hex: script,
          type: 'witness_v0_keyhash',
          address: expect.stringMatching(/^bcrt1q/),
        }),
      },
    ])
    expect([tx.size, tx.vsize, tx.weight]).toEqual([tx.size, tx.size, tx.size * 4])
  })
})
