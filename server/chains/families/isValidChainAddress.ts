import { isAddress } from 'viem'
import type { AddressNetwork, ChainInfo } from '../chainInfo'
import { isValidCosmosAddress } from './isValidCosmosAddress'
import { isValidUtxoAddress } from './isValidUtxoAddress'

/**
 * True when `address` is a valid account address on `chain`, by the rules of the chain's family: EVM
 * hex addresses in any case (a mixed-case one must carry a valid EIP-55 checksum), UTXO base58check /
 * bech32 / CashAddr with the prefixes of `network` (mainnet unless the devnet's regtest ledgers are meant),
 * Cosmos bech32 with the chain's prefix.
 */
export function isValidChainAddress(
  chain: ChainInfo,
  address: string,
  network: AddressNetwork = 'mainnet',
): boolean {
  switch (chain.family) {
    case 'evm':
      return isAddress(address)
    case 'utxo':
      return isValidUtxoAddress(network === 'mainnet' ? chain.address : chain.regtestAddress, address)
    case 'cosmos':
      return isValidCosmosAddress(chain, address)
  }
}
