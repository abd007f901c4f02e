import { zeroAddress } from 'viem'
import { getChainInfo } from '../../chains/chainInfo'
import { priceThorAssetsUsd } from './priceThorAssetsUsd'
import { chainIdOfThorChain, toThorNativeAsset } from './thorchainAssets'
import type { ThorchainContext } from './thorchainContext'

/**
 * USD price of the native coin of `chainId` by the network's pools (`priceThorAssetsUsd`, pools a moment
 * old), with the USD prices the caller knows of EVM native coins (`knownUsd` by chain id); undefined when
 * unknown. Throws what reading THORNode's pools throws.
 */
export async function getThorchainUsdPrice(
  context: ThorchainContext,
  chainId: number,
  knownUsd: (chainId: number) => number | undefined,
): Promise<number | undefined> {
  const asset = toThorNativeAsset(chainId, zeroAddress)
  if (asset === undefined) return undefined
  const prices = priceThorAssetsUsd(await context.pricingPools.get(), (name) => {
    const known = chainIdOfThorChain(name.split('.')[0] ?? '')
    return known === undefined ||
      getChainInfo(known)?.family !== 'evm' ||
      toThorNativeAsset(known, zeroAddress) !== name
      ? undefined
      : knownUsd(known)
  })
  return prices.get(asset)
}
