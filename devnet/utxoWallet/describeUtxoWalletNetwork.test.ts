import { describe, expect, it } from 'vitest'
import { getChainInfo } from '../../server/chains/chainInfo'
import { utxoSpecOf } from '../utxo/utxoSpecOf'
import { describeUtxoWalletNetwork } from './describeUtxoWalletNetwork'

const describeOf = (symbol: 'BTC' | 'BCH' | 'DOGE' | 'LTC') => {
  const spec = utxoSpecOf(symbol)
  const info = getChainInfo(spec.chainId)
  if (info?.family !== 'utxo') throw new Error(`no chain info for ${symbol}`)
  return describeUtxoWalletNetwork(spec, info)
}

describe('describeUtxoWalletNetwork', () => {
  it('describes each devnet chain with its regtest formats, script, sighash, fee rate and faucet amount', () => {
    expect(describeOf('BTC')).toEqual({
      chainId: -3980891822,
      symbol: 'BTC',
      decimals: 8,
      script: 'p2wpkh',
      sighash: 'segwit',
      pubKeyHash: 0x6f,
      scriptHash: 0xc4,
      bech32Prefix: 'bcrt',
      cashAddrPrefix: undefined,
      feeRateSatPerVbyte: 2,
      faucetSatoshis: 100_000_000n,
    })
    expect(describeOf('BCH')).toMatchObject({
      script: 'p2pkh',
      sighash: 'forkid',
      cashAddrPrefix: 'bchreg',
      bech32Prefix: undefined,
      faucetSatoshis: 1_000_000_000n,
    })
    expect(describeOf('DOGE')).toMatchObject({
      script: 'p2pkh',
      sighash: 'legacy',
      pubKeyHash: 0x6f,
      feeRateSatPerVbyte: 1_000,
      faucetSatoshis: 100_000_000_000n,
    })
    expect(describeOf('LTC')).toMatchObject({
      script: 'p2wpkh',
      sighash: 'segwit',
      bech32Prefix: 'rltc',
      scriptHash: 0xc4,
    })
  })
})
