import { cacheQuoters } from './cacheQuoters'
import { createV3SwapQuoter } from './createV3SwapQuoter'

/** The (cached) exact quoter of a Uniswap V3 or V4 pool state in one direction. */
export const concentratedQuoterOf = cacheQuoters(createV3SwapQuoter)
