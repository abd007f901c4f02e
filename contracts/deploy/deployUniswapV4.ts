import type { Address } from 'viem'
import { getThirdPartyArtifact } from '../thirdParty'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

export type UniswapV4Deployment = {
  poolManager: Address
  stateView: Address
  quoter: Address
  /** v4-core's PoolModifyLiquidityTest: adds liquidity from the caller's tokens (devnet seeding only). */
  liquidityRouter: Address
}

/**
 * Deploys the npm Uniswap V4 PoolManager (owned by the deployer; no protocol fee is ever set), StateView and
 * V4Quoter bound to it, and v4-core's PoolModifyLiquidityTest router for seeding positions. Uses four nonces.
 */
export async function deployUniswapV4(client: DevClient): Promise<UniswapV4Deployment> {
  const poolManager = await deployBytecode(client, {
    ...getThirdPartyArtifact('PoolManager'),
    args: [client.account.address],
  })
  const stateView = await deployBytecode(client, {
    ...getThirdPartyArtifact('StateView'),
    args: [poolManager],
  })
  const quoter = await deployBytecode(client, { ...getThirdPartyArtifact('V4Quoter'), args: [poolManager] })
  const liquidityRouter = await deployBytecode(client, {
    ...getThirdPartyArtifact('PoolModifyLiquidityTest'),
    args: [poolManager],
  })
  return { poolManager, stateView, quoter, liquidityRouter }
}
