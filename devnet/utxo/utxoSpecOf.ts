import { litecoinSpec } from './litecoinSpec'
import { bitcoinCashSpec, bitcoinSpec, dogecoinSpec, type UtxoChainSpec } from './utxoChainSpecs'

/** The devnet spec (library, regtest network, address type) of a UTXO chain by its symbol. */
export function utxoSpecOf(symbol: 'BTC' | 'BCH' | 'DOGE' | 'LTC'): UtxoChainSpec {
  switch (symbol) {
    case 'BTC':
      return bitcoinSpec()
    case 'BCH':
      return bitcoinCashSpec()
    case 'DOGE':
      return dogecoinSpec()
    case 'LTC':
      return litecoinSpec()
  }
}
