import { p2pkh, p2wpkh } from '@scure/btc-signer'
import { hash160, pubECDSA } from '@scure/btc-signer/utils.js'
import { encodeCashAddr } from './encodeCashAddr'
import { toScureNetwork } from './toScureNetwork'
import type { UtxoNetworkParams } from './utxoNetworkParams'

/**
 * The wallet's receiving address on a UTXO chain for a 32-byte private key: bech32 P2WPKH where the chain's
 * keys are segwit, CashAddr P2PKH on Bitcoin Cash, base58 P2PKH otherwise (compressed public key). Pure.
 */
export function getUtxoWalletAddress(network: UtxoNetworkParams, privateKey: Uint8Array): string {
  const publicKey = pubECDSA(privateKey, true)
  if (network.cashAddrPrefix !== undefined)
    return encodeCashAddr(network.cashAddrPrefix, 'p2pkh', hash160(publicKey))
  const payment =
    network.script === 'p2wpkh'
      ? p2wpkh(publicKey, toScureNetwork(network))
      : p2pkh(publicKey, toScureNetwork(network))
  if (payment.address === undefined) throw new Error('no address for this key')
  return payment.address
}
