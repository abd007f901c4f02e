import type { PoolState } from './types'

/**
 * Whether a swap of `pool` spending `tokenIn` (any spelling) sells its token0. The pool's own spelling is
 * compared first, so the usual call makes no lower-cased copies (searches ask it of every hop they consider).
 */
export function sellsToken0(pool: PoolState, tokenIn: string): boolean {
  if (tokenIn === pool.token0) return true
  if (tokenIn === pool.token1) return false
  return tokenIn.toLowerCase() === pool.token0.toLowerCase()
}
