import { AppError } from '../errors'
import type { ChainDeployment } from './deployment'

/**
 * Returns the deployment of `chainId`, or throws `AppError('UNSUPPORTED_CHAIN')` (HTTP 400) whose
 * details list the supported chain ids. Every `/trade/v1/{chainId}/...` route calls this after
 * validating the path with `ChainIdParamsSchema`.
 */
export function assertSupportedChain(
  deployments: readonly ChainDeployment[],
  chainId: number,
): ChainDeployment {
  const deployment = deployments.find((d) => d.chainId === chainId)
  if (deployment === undefined) {
    throw new AppError('UNSUPPORTED_CHAIN', `Chain ${chainId} is not supported`, {
      details: { chainId, supportedChainIds: deployments.map((d) => d.chainId) },
    })
  }
  return deployment
}
