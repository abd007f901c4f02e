import { createHash } from 'node:crypto'
import bitcoreBtc, { type BitcoreLib, type PrivateKey } from 'bitcore-lib'
import { describe, expect, it } from 'vitest'
import { computeMerkleRoot, createUtxoLedger, type LedgerUtxo } from './createUtxoLedger'
import { bitcoinCashSpec, bitcoinSpec, dogecoinSpec, type UtxoChainSpec } from './utxoChainSpecs'

const keyOf = (spec: UtxoChainSpec, name: string): PrivateKey =>
  new spec.lib.PrivateKey(createHash('sha256').update(name).digest('hex'), spec.network)
const addressOf = (spec: UtxoChainSpec, key: PrivateKey) =>
  key.toAddress(spec.network, spec.addressType).toString()
const scriptOf = (spec: UtxoChainSpec, address: string) => spec.lib.Script.fromAddress(address).toHex()
const asInput = (u: LedgerUtxo, address: string) => ({
  txId: u.txid,
  outputIndex: u.vout,
  script: u.script,
  satoshis: u.satoshis,
  address,
})

/** A ledger with one block whose coinbase pays `alice`, and a helper to pay from her outputs. */
function setup(spec: UtxoChainSpec) {
  const ledger = createUtxoLedger(spec)
  const alice = keyOf(spec, `alice ${spec.symbol}`)
  const bob = keyOf(spec, `bob ${spec.symbol}`)
  const aliceAddress = addressOf(spec, alice)
  const bobAddress = addressOf(spec, bob)
  ledger.mine({ rewardScript: scriptOf(spec, aliceAddress), time: 1_700_000_000 })
  const [coin] = ledger.listUnspent(scriptOf(spec, aliceAddress))
  if (!coin) throw new Error('no coinbase output')
  const pay = (params: {
    amount: number
    fee: number
    signer?: PrivateKey
    from?: LedgerUtxo
    memo?: string
  }) => {
    const tx = new spec.lib.Transaction()
      .from(asInput(params.from ?? coin, aliceAddress))
      .to(bobAddress, params.amount)
    if (params.memo !== undefined) tx.addData(params.memo)
    return tx
      .change(aliceAddress)
      .fee(params.fee)
      .sign(params.signer ?? alice)
      .serialize(true)
  }
  return { ledger, coin, aliceAddress, bobAddress, pay }
}

describe.each([
  ['Bitcoin', bitcoinSpec()],
  ['Bitcoin Cash', bitcoinCashSpec()],
  ['Dogecoin', dogecoinSpec()],
])('%s ledger', (_name, spec) => {
  it('accepts a signed payment, confirms it in the next block and pays the fee to the miner', () => {
    const { ledger, coin, aliceAddress, bobAddress, pay } = setup(spec)
    const txid = ledger.sendRawTransaction(pay({ amount: 100_000, fee: 5_000, memo: '=:ETH.ETH:0xabc' }))
    expect(ledger.getMempool()).toEqual([txid])
    const block = ledger.mine({ rewardScript: scriptOf(spec, bobAddress), time: 1_700_000_600 })
    expect(block.height).toBe(1)
    expect(block.txids.slice(1)).toEqual([txid])
    expect(ledger.getTransaction(txid)?.blockHash).toBe(block.hash)
    expect(ledger.listUnspent(scriptOf(spec, bobAddress)).map((u) => u.satoshis)).toEqual([
      100_000,
      spec.blockRewardSats + 5_000,
    ])
    expect(ledger.listUnspent(scriptOf(spec, aliceAddress)).map((u) => u.satoshis)).toEqual([
      coin.satoshis - 105_000,
    ])
  })

  it("refuses a signature by another key, a double spend and more out than in, with Bitcoin Core's reasons", () => {
    const { ledger, pay } = setup(spec)
    const mallory = keyOf(spec, 'mallory')
    expect(() => ledger.sendRawTransaction(pay({ amount: 1_000, fee: 1_000, signer: mallory }))).toThrow(
      /^mandatory-script-verify-flag-failed/,
    )
    ledger.sendRawTransaction(pay({ amount: 1_000, fee: 1_000 }))
    expect(() => ledger.sendRawTransaction(pay({ amount: 2_000, fee: 1_000 }))).toThrow(
      'bad-txns-inputs-missingorspent',
    )
    expect(() => ledger.sendRawTransaction('00')).toThrow(/^TX decode failed/)
  })

  it('replays its exported state to the same blocks and coins, and refuses a forged one', () => {
    const { ledger, bobAddress, pay } = setup(spec)
    ledger.sendRawTransaction(pay({ amount: 50_000, fee: 2_000 }))
    ledger.mine({ rewardScript: scriptOf(spec, bobAddress), time: 1_700_000_600 })
    const again = createUtxoLedger(spec, ledger.exportState())
    expect(again.getBlock(1)?.hash).toBe(ledger.getBlock(1)?.hash)
    expect(again.listUnspent(scriptOf(spec, bobAddress))).toEqual(
      ledger.listUnspent(scriptOf(spec, bobAddress)),
    )
    const forged = setup(spec)
    const state = forged.ledger.exportState()
    const badTx = forged.pay({ amount: 1_000, fee: 1_000, signer: keyOf(spec, 'mallory') })
    expect(() => createUtxoLedger(spec, { ...state, mempool: [badTx] })).toThrow(/mandatory-script-verify/)
  })
})

describe('consensus rules that differ between chains', () => {
  it('Bitcoin Cash refuses a signature without SIGHASH_FORKID that Bitcoin rules would accept', () => {
    const bch = bitcoinCashSpec()
    const { ledger, coin, aliceAddress } = setup(bch)
    const btc: BitcoreLib = bitcoreBtc
    const key = new btc.PrivateKey(
      createHash('sha256').update(`alice ${bch.symbol}`).digest('hex'),
      btc.Networks.regtest,
    )
    const legacy = new btc.Transaction()
      .from({ txId: coin.txid, outputIndex: coin.vout, script: coin.script, satoshis: coin.satoshis })
      .to(key.toAddress(btc.Networks.regtest, 'pubkeyhash'), 1_000)
      .change(key.toAddress(btc.Networks.regtest, 'pubkeyhash'))
      .fee(1_000)
      .sign(key)
    expect(scriptOf(bch, aliceAddress)).toBe(coin.script)
    expect(() => ledger.sendRawTransaction(legacy.serialize(true))).toThrow(
      /^mandatory-script-verify-flag-failed/,
    )
  })

  it('computes the merkle root of Bitcoin block 100000', () => {
    expect(
      computeMerkleRoot([
        '8c14f0db3df150123e6f3dbbf30f8b955a8249b62ac1d1ff16284aefa3d06d87',
        'fff2525b8931402dd09222c50775608f75787bd2b87e56995a7bdd30f79702c4',
        '6359f0868171b1d194cbee1af2f16ea598ae8fad666d9b012c8ed2b79a236ec4',
        'e9a66845e05d5abc0ad04ec80f774a7e585c6e8db975962d069a522137b80c1d',
      ]),
    ).toBe('f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766')
  })
})
