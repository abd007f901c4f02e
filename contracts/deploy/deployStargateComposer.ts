import type { Address } from 'viem'
import { stargateComposerAbi, stargateComposerBytecode } from '../artifacts/index'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

/** A Stargate V2 pool and the asset it pays out (`0x0…0` for StargatePoolNative). */
export type StargatePoolConfig = { pool: Address; token: Address }

export type DeployStargateComposerParams = {
  /** The chain's LayerZero EndpointV2: the only caller of `lzCompose`. */
  endpoint: Address
  aggregator: Address
  /** The Stargate pools whose compose messages are accepted, fixed for the contract's lifetime. */
  pools: readonly StargatePoolConfig[]
}

/**
 * Deploys our destination executor `StargateComposer(endpoint, aggregator, pools)` (docs/stargate-composer.md);
 * uses one nonce. The devnet deploys it on every chain (devnet/bridges/deployChainBridges.ts).
 */
export async function deployStargateComposer(
  client: DevClient,
  { endpoint, aggregator, pools }: DeployStargateComposerParams,
): Promise<{ composer: Address }> {
  const composer = await deployBytecode(client, {
    abi: stargateComposerAbi,
    bytecode: stargateComposerBytecode,
    args: [endpoint, aggregator, pools],
  })
  return { composer }
}
