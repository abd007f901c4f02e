import type { ChainInfo } from '../chains/chainInfo'
import { AppError } from '../errors'

/** EVM chains of the liquidity network's table in the spec (Ethereum, BNB Smart Chain, Avalanche). */
const networkEvmChains: ReadonlySet<number> = new Set([1, 56, 43114])

/**
 * The directions of the spec's table for trades involving a UTXO or Cosmos asset: any currency on Ethereum,
 * BNB Smart Chain or Avalanche to a UTXO/Cosmos asset; a UTXO/Cosmos asset to the native currency of those
 * three chains; UTXO/Cosmos between themselves. Anything else with a non-EVM side is 400
 * UNSUPPORTED_DIRECTION; trades between two EVM chains pass (bridges serve them).
 */
export function assertCrossDirection(
  source: { chain: ChainInfo },
  destination: { chain: ChainInfo; isNative: boolean },
): void {
  const sourceEvm = source.chain.family === 'evm'
  const destinationEvm = destination.chain.family === 'evm'
  if (sourceEvm && destinationEvm) return
  const refuse = (reason: string): never => {
    throw new AppError('UNSUPPORTED_DIRECTION', reason, {
      details: { sourceChainId: source.chain.id, destinationChainId: destination.chain.id },
    })
  }
  if (sourceEvm && !networkEvmChains.has(source.chain.id))
    refuse(`Trades to ${destination.chain.name} start on Ethereum, BNB Smart Chain or Avalanche only`)
  if (destinationEvm && !networkEvmChains.has(destination.chain.id))
    refuse(`Trades from ${source.chain.name} go to Ethereum, BNB Smart Chain or Avalanche only`)
  if (destinationEvm && !destination.isNative)
    refuse(`Trades from ${source.chain.name} pay the native currency of ${destination.chain.name} only`)
}
