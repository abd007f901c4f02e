/** A deposit a wallet pays: exact amount to the network's inbound address, with the memo. */
export interface WalletDeposit {
  address: string
  /** Base units. */
  amount: bigint
  memo: string
}

/**
 * A built-in wallet that pays liquidity-network deposits on the chains of one family (UTXO now; a Cosmos
 * signer implements the same interface). Every method takes the chain id; `supports` says whether the wallet
 * holds keys on that chain.
 */
export interface DepositWallet {
  supports(chainId: number): Promise<boolean>
  getAddress(chainId: number): Promise<string>
  /** Spendable base units. */
  getBalance(chainId: number): Promise<bigint>
  /** Asks the devnet faucet for coins; answers the base units added. */
  fund(chainId: number): Promise<bigint>
  /** Builds, signs and broadcasts the deposit; answers the transaction id. */
  payDeposit(chainId: number, deposit: WalletDeposit): Promise<string>
}

/** The chain families a deposit wallet can serve. */
export type DepositWalletFamily = 'utxo' | 'cosmos'
