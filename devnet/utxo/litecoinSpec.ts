import type { Network } from 'bitcore-lib'
import bitcoreBtc from 'bitcore-lib'
import { chainInfos } from '../../server/chains/chainInfo'
import type { UtxoChainSpec } from './utxoChainSpecs'

const NETWORK_NAME = 'ltc-regtest'

function litecoinRegtest(): Network {
  return (
    bitcoreBtc.Networks.get(NETWORK_NAME) ??
    bitcoreBtc.Networks.add({
      name: NETWORK_NAME,
      alias: NETWORK_NAME,
      pubkeyhash: 0x6f,
      privatekey: 0xef,
      scripthash: 0x3a,
      bech32prefix: 'rltc',
      xpubkey: 0x043587cf,
      xprivkey: 0x04358394,
      networkMagic: 0xfabfb5da,
      port: 19444,
      dnsSeeds: [],
    })
  )
}

/**
 * Litecoin regtest as Litecoin Core speaks it (`rltc1` bech32 P2WPKH, base58 versions 0x6f/0x3a): keys and
 * transactions are built with bitcore-lib (Litecoin signs exactly like Bitcoin, segwit included). Only for
 * signing: the real `litecoind` validates, so `verifyInput` is Bitcoin's segwit check.
 */
export function litecoinSpec(): UtxoChainSpec {
  const network = litecoinRegtest()
  const info = chainInfos.find((c) => c.family === 'utxo' && c.shortName === 'ltc')
  if (info === undefined) throw new Error('no Litecoin in chainInfo')
  return {
    chainId: info.id,
    symbol: 'LTC',
    lib: bitcoreBtc,
    network,
    addressType: 'witnesspubkeyhash',
    blockRewardSats: 50_0000_0000,
    feeRateSatPerVbyte: 10,
    verifyInput() {
      return { ok: false, reason: 'litecoind validates Litecoin transactions' }
    },
  }
}
