/** The kinds of chain the app knows: EVM chains (wagmi/viem), UTXO chains (BTC, ...) and Cosmos chains. */
export type ChainFamily = 'evm' | 'utxo' | 'cosmos'

const families: readonly ChainFamily[] = ['evm', 'utxo', 'cosmos']

/**
 * The family of a chain record (`family`). A record without one is EVM, the only family servers listed before
 * the field existed; an unknown value is `undefined`, so callers offer nothing for it rather than guessing.
 */
export function getChainFamily(chain: object): ChainFamily | undefined {
  if (!('family' in chain)) return 'evm'
  return families.find((family) => family === chain.family)
}
