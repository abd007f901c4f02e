/** What the UTXO wallet model reads of a chain's wallet parameters (the `/devnet/utxo/networks` answer). */
export interface UtxoNetworkParams {
  chainId: number
  script: 'p2wpkh' | 'p2pkh'
  sighash: 'segwit' | 'legacy' | 'forkid'
  pubKeyHash: number
  scriptHash: number
  bech32Prefix?: string | undefined
  cashAddrPrefix?: string | undefined
  feeRateSatPerVbyte: number
}
