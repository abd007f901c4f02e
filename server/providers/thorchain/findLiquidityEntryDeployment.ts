import type { ChainDeployment } from '../../chains/deployment'

/** The deployment of `chainId` with our LiquidityEntry, if `deployments` has one. Pure. */
export function findLiquidityEntryDeployment(
  deployments: readonly ChainDeployment[] | undefined,
  chainId: number,
): ChainDeployment | undefined {
  return deployments?.find((d) => d.chainId === chainId && d.liquidityEntry !== undefined)
}
