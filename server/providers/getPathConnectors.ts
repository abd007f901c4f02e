import type { Address } from 'viem'
import type { ChainDeployment } from '../chains/deployment'

/**
 * The tokens a bridge's swap may pass through between its ends: the chain's stables, majors and wrapped native
 * (the connectors of `planBestSinglePath` and of the alternatives listed beside it).
 */
export function getPathConnectors(deployment: ChainDeployment): Address[] {
  return deployment.tokens
    .filter((t) => t.tags.some((tag) => tag === 'stable' || tag === 'major' || tag === 'wrapped-native'))
    .map((t) => t.address)
}
