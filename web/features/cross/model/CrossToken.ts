/** A token of either side: EVM tokens from the chain's list, the native coin on UTXO and Cosmos chains. */
export interface CrossToken {
  address: string
  symbol: string
  decimals: number
}
