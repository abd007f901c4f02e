import type { Address } from 'viem'
import { getThirdPartyArtifact } from '../thirdParty'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

export type DeployUniswapV2Params = { wrappedNative: Address }

/**
 * Deploys the npm UniswapV2Factory (feeToSetter = the deployer) and a UniswapV2Router02 bound to it and to
 * `wrappedNative`. Call it once per V2-style exchange (e.g. `uniswap-v2`, `sushiswap`); all share the npm
 * pair init-code hash. Uses two nonces.
 */
export async function deployUniswapV2(
  client: DevClient,
  { wrappedNative }: DeployUniswapV2Params,
): Promise<{ factory: Address; router: Address }> {
  const factory = await deployBytecode(client, {
    ...getThirdPartyArtifact('UniswapV2Factory'),
    args: [client.account.address],
  })
  const router = await deployBytecode(client, {
    ...getThirdPartyArtifact('UniswapV2Router02'),
    args: [factory, wrappedNative],
  })
  return { factory, router }
}
