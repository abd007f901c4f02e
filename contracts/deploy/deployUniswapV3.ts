import { type Address, zeroAddress } from 'viem'
import { getThirdPartyArtifact } from '../thirdParty'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

export type DeployUniswapV3Params = { wrappedNative: Address }

/**
 * Deploys the npm UniswapV3Factory (fee tiers 500/3000/10000 enabled by its constructor), a
 * NonfungiblePositionManager (no token descriptor: `tokenURI` is unavailable), QuoterV2 and SwapRouter,
 * all bound to `wrappedNative`. Uses four nonces.
 */
export async function deployUniswapV3(
  client: DevClient,
  { wrappedNative }: DeployUniswapV3Params,
): Promise<{ factory: Address; positionManager: Address; quoter: Address; swapRouter: Address }> {
  const factory = await deployBytecode(client, getThirdPartyArtifact('UniswapV3Factory'))
  const positionManager = await deployBytecode(client, {
    ...getThirdPartyArtifact('NonfungiblePositionManager'),
    args: [factory, wrappedNative, zeroAddress],
  })
  const quoter = await deployBytecode(client, {
    ...getThirdPartyArtifact('QuoterV2'),
    args: [factory, wrappedNative],
  })
  const swapRouter = await deployBytecode(client, {
    ...getThirdPartyArtifact('SwapRouter'),
    args: [factory, wrappedNative],
  })
  return { factory, positionManager, quoter, swapRouter }
}
