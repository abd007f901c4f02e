import { cacheQuoters } from '../uniswapV3/cacheQuoters'
import { createAlgebraSwapQuoter } from './createAlgebraSwapQuoter'

/** The (cached) exact quoter of an Algebra Integral pool state in one direction. */
export const algebraQuoterOf = cacheQuoters(createAlgebraSwapQuoter)
