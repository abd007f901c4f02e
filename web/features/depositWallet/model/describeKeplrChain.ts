import type { CosmosWalletNetwork } from '../api/fetchCosmosNetworks'
import type { KeplrChainInfo } from './getKeplr'

/**
 * The devnet Cosmos chain as Keplr's `experimentalSuggestChain` takes it: its chain id, the node's RPC and
 * REST (one origin), coin type 118, the bech32 prefixes derived from the account prefix, and the native
 * currency as fee and stake currency with the fee the devnet wallet pays per gas as every price step. Pure.
 */
export function describeKeplrChain(network: CosmosWalletNetwork, chainName: string): KeplrChainInfo {
  const prefix = network.bech32Prefix
  const currency = {
    coinDenom: network.symbol,
    coinMinimalDenom: network.denom,
    coinDecimals: network.decimals,
  }
  const gasPrice = Number(network.fee) / Number(network.gasLimit)
  return {
    chainId: network.cosmosChainId,
    chainName,
    rpc: network.rpcUrl,
    rest: network.rpcUrl,
    bip44: { coinType: 118 },
    bech32Config: {
      bech32PrefixAccAddr: prefix,
      bech32PrefixAccPub: `${prefix}pub`,
      bech32PrefixValAddr: `${prefix}valoper`,
      bech32PrefixValPub: `${prefix}valoperpub`,
      bech32PrefixConsAddr: `${prefix}valcons`,
      bech32PrefixConsPub: `${prefix}valconspub`,
    },
    currencies: [currency],
    feeCurrencies: [{ ...currency, gasPriceStep: { low: gasPrice, average: gasPrice, high: gasPrice * 2 } }],
    stakeCurrency: currency,
  }
}
