import type { Address } from 'viem'
import { wrappedNativeAbi, wrappedNativeBytecode } from '../artifacts/index'
import { getThirdPartyArtifact } from '../thirdParty'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

export type DeployWrappedNativeParams = { name: string; symbol: string }

/**
 * Deploys the chain's wrapped native token: the npm WETH9 bytecode when `symbol` is `WETH` (its name and
 * symbol are fixed), otherwise our WETH9-style `WrappedNative(name, symbol)` (WBNB, WPOL, WAVAX, ...).
 * Uses one nonce of the client's account.
 */
export async function deployWrappedNative(
  client: DevClient,
  { name, symbol }: DeployWrappedNativeParams,
): Promise<{ wrappedNative: Address }> {
  const wrappedNative =
    symbol === 'WETH'
      ? await deployBytecode(client, getThirdPartyArtifact('WETH9'))
      : await deployBytecode(client, {
          abi: wrappedNativeAbi,
          bytecode: wrappedNativeBytecode,
          args: [name, symbol],
        })
  return { wrappedNative }
}
