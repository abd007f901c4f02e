import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createUtxoLedger } from '../../../../devnet/utxo/createUtxoLedger'
import { utxoSpecOf } from '../../../../devnet/utxo/utxoSpecOf'
import { describeUtxoWalletNetwork } from '../../../../devnet/utxoWallet/describeUtxoWalletNetwork'
import { getChainInfo } from '../../../../server/chains/chainInfo'
import { ClientError } from '../../../lib/ClientError'
import { buildUtxoDeposit } from './buildUtxoDeposit'
import { getUtxoWalletAddress } from './getUtxoWalletAddress'

const keyHex = createHash('sha256').update('browser wallet').digest('hex')
const privateKey = Uint8Array.from(Buffer.from(keyHex, 'hex'))
const memo = '=:ETH.ETH:0x0000000000000000000000000000000000000001'

function setup(symbol: 'BTC' | 'BCH' | 'DOGE') {
  const spec = utxoSpecOf(symbol)
  const info = getChainInfo(spec.chainId)
  if (info?.family !== 'utxo') throw new Error('no chain info')
  const network = describeUtxoWalletNetwork(spec, info)
  const address = getUtxoWalletAddress(network, privateKey)
  const vault = new spec.lib.PrivateKey(createHash('sha256').update('vault').digest('hex'), spec.network)
    .toAddress(spec.network, spec.addressType)
    .toString()
  const ledger = createUtxoLedger(spec)
  const ownScript = spec.lib.Script.fromAddress(address).toHex()
  ledger.mine({ rewardScript: ownScript, time: 1_700_000_000 })
  const coins = ledger
    .listUnspent(ownScript)
    .map((u) => ({ txid: u.txid, vout: u.vout, script: u.script, satoshis: BigInt(u.satoshis) }))
  return { spec, network, address, vault, ledger, coins }
}

describe('buildUtxoDeposit', () => {
  it.each([
    // fee = rate x (frame 11 + input + 2 outputs 68 + OP_RETURN script 54 + its amount and length 9)
    ['BTC', 'bcrt1q', 2n * (11n + 68n + 68n + 54n + 9n)],
    ['BCH', 'bchreg:q', 1n * (11n + 148n + 68n + 54n + 9n)],
    ['DOGE', 'm', 1000n * (11n + 148n + 68n + 54n + 9n)],
  ] as const)(
    '%s: the ledger (the chain own script interpreter) accepts the exact deposit with its memo',
    (symbol, prefix, fee) => {
      const { spec, network, address, vault, ledger, coins } = setup(symbol)
      expect(address.startsWith(prefix)).toBe(true)
      expect(address).toBe(
        new spec.lib.PrivateKey(keyHex, spec.network).toAddress(spec.network, spec.addressType).toString(),
      )
      const [coin] = coins
      if (coin === undefined) throw new Error('no coin')
      const signed = buildUtxoDeposit({
        network,
        privateKey,
        coins,
        deposit: { address: vault, amount: 12_345_678n, memo },
      })
      expect(ledger.sendRawTransaction(signed.hex)).toBe(signed.txid)
      const tx = new spec.lib.Transaction(signed.hex)
      expect(tx.outputs.map((o) => [o.script.toHex(), o.satoshis])).toEqual([
        [spec.lib.Script.fromAddress(vault).toHex(), 12_345_678],
        [`6a34${Buffer.from(memo).toString('hex')}`, 0],
        [spec.lib.Script.fromAddress(address).toHex(), Number(coin.satoshis - 12_345_678n - fee)],
      ])
      expect([signed.fee, signed.change, signed.spends]).toEqual([
        fee,
        coin.satoshis - 12_345_678n - fee,
        [`${coin.txid}:${coin.vout}`],
      ])
    },
  )

  it('pays a memoless deposit with no OP_RETURN output, its fee without one', () => {
    const { spec, network, address, vault, ledger, coins } = setup('BTC')
    const [coin] = coins
    if (coin === undefined) throw new Error('no coin')
    const signed = buildUtxoDeposit({
      network,
      privateKey,
      coins,
      deposit: { address: vault, amount: 10_000_042n, memo: '' },
    })
    expect(ledger.sendRawTransaction(signed.hex)).toBe(signed.txid)
    // rate 2 x (frame 11 + input 68 + 2 outputs 68)
    const fee = 2n * (11n + 68n + 68n)
    const tx = new spec.lib.Transaction(signed.hex)
    expect(tx.outputs.map((o) => [o.script.toHex(), o.satoshis])).toEqual([
      [spec.lib.Script.fromAddress(vault).toHex(), 10_000_042],
      [spec.lib.Script.fromAddress(address).toHex(), Number(coin.satoshis - 10_000_042n - fee)],
    ])
    expect(signed.fee).toBe(fee)
  })

  it('refuses a deposit the coins cannot pay with the fee', () => {
    const { network, vault, coins } = setup('BTC')
    const [coin] = coins
    if (coin === undefined) throw new Error('no coin')
    const attempt = () =>
      buildUtxoDeposit({
        network,
        privateKey,
        coins,
        deposit: { address: vault, amount: coin.satoshis, memo },
      })
    expect(attempt).toThrow(ClientError)
    expect(attempt).toThrow(
      `The wallet holds ${coin.satoshis} sat; the deposit needs ${coin.satoshis + 420n} sat`,
    )
  })

  it('a signature by another key is refused by the ledger', () => {
    const { network, vault, ledger, coins } = setup('BCH')
    const other = Uint8Array.from(Buffer.from(createHash('sha256').update('thief').digest('hex'), 'hex'))
    const forged = buildUtxoDeposit({
      network,
      privateKey: other,
      coins,
      deposit: { address: vault, amount: 1_000_000n, memo },
    })
    expect(() => ledger.sendRawTransaction(forged.hex)).toThrow()
  })
})
