/** The devnet Cosmos Hub's parameters: what a gaia node's genesis and app.toml would say. */
export interface CosmosHubSpec {
  /** The chain id every SignDoc commits to. */
  readonly chainId: string
  readonly bech32Prefix: string
  /** The staking and fee denomination. */
  readonly denom: string
  /** Minimum gas price in `denom` per gas unit, as a decimal string (app.toml's `minimum-gas-prices`). */
  readonly minGasPrice: string
  /** x/auth `max_memo_characters`. */
  readonly maxMemoCharacters: number
  /** The fee collector module account (auth's `fee_collector`), which receives every fee. */
  readonly feeCollector: string
  /** CometBFT version the RPC reports (cosmjs picks its client by it). */
  readonly cometVersion: string
}

/**
 * The devnet Cosmos Hub: chain id `cosmoshub-devnet` (so a devnet signature is worthless on `cosmoshub-4`),
 * `cosmos1...` addresses, `uatom`, the Hub's 0.005uatom minimum gas price and 512-character memos, and the
 * fee collector's real module address.
 */
export function cosmosHubSpec(): CosmosHubSpec {
  return {
    chainId: 'cosmoshub-devnet',
    bech32Prefix: 'cosmos',
    denom: 'uatom',
    minGasPrice: '0.005',
    maxMemoCharacters: 512,
    feeCollector: 'cosmos17xpfvakm2amg962yls6f84z3kell8c5lserqta',
    cometVersion: '0.38.17',
  }
}

/**
 * The least fee, in `denom` base units, a transaction with `gasLimit` must pay at the chain's minimum gas
 * price (the SDK's `ceil(price x gas)`).
 */
export function minimumFee(spec: CosmosHubSpec, gasLimit: bigint): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(spec.minGasPrice)
  if (!match) throw new Error(`minimum gas price ${spec.minGasPrice} is not a decimal`)
  const fraction = match[2] ?? ''
  const numerator = BigInt(`${match[1]}${fraction}`)
  const denominator = 10n ** BigInt(fraction.length)
  return (gasLimit * numerator + denominator - 1n) / denominator
}
