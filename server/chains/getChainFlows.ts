/** Which flows a chain offers, as `GET /trade/v1/info/chains` describes them. */
export interface ChainFlows {
  singleChain: boolean
  crossChain: boolean
  utxo: boolean
  gasless: boolean
}

/**
 * The chains each flow is mounted and working on (built once by `createApp` from what it mounted; the
 * cross-chain ones ask the providers each time, as the liquidity network learns its chains from THORNode).
 */
export type MountedFlows = { readonly [F in keyof ChainFlows]: Pick<ReadonlySet<number>, 'has'> }

/**
 * The flows of one chain, derived from what is mounted: a flow is advertised only for chains where its
 * route module, provider or relayer runs. Nothing is stated ahead of the code that serves it.
 */
export function getChainFlows(chainId: number, mounted: MountedFlows): ChainFlows {
  return {
    singleChain: mounted.singleChain.has(chainId),
    crossChain: mounted.crossChain.has(chainId),
    utxo: mounted.utxo.has(chainId),
    gasless: mounted.gasless.has(chainId),
  }
}
