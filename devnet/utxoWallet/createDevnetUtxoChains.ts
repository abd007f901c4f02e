import { getChainInfo } from '../../server/chains/chainInfo'
import type { LiquidityNetworkConfig } from '../../server/chains/liquidityNetworkConfig'
import { createBitcoinRpcClient } from '../utxo/createBitcoinRpcClient'
import { utxoSpecOf } from '../utxo/utxoSpecOf'
import { createDevnetUtxoChain, type DevnetUtxoChain } from './createDevnetUtxoChain'
import { describeUtxoWalletNetwork } from './describeUtxoWalletNetwork'

const symbols = ['BTC', 'BCH', 'DOGE', 'LTC'] as const

/**
 * The devnet wallet's access to every UTXO chain the devnet's liquidity network runs (its nodes' RPC from the
 * network's config), in the config's order. Devnet only: the faucet signs with the devnet's faucet keys.
 */
export function createDevnetUtxoChains(config: LiquidityNetworkConfig): DevnetUtxoChain[] {
  return config.utxo.flatMap((node) => {
    const symbol = symbols.find((s) => utxoSpecOf(s).chainId === node.chainId)
    const info = getChainInfo(node.chainId)
    if (symbol === undefined || info?.family !== 'utxo') return []
    const spec = utxoSpecOf(symbol)
    const rpc = createBitcoinRpcClient({
      url: node.rpcUrl,
      ...(node.username === undefined ? {} : { username: node.username, password: node.password ?? '' }),
    })
    return [createDevnetUtxoChain({ spec, network: describeUtxoWalletNetwork(spec, info), rpc })]
  })
}
