import type { Address } from 'viem'
import { type PoolState, poolKindOf } from '../poolKinds/poolKinds'
import { sellsToken0 } from '../routing/sellsToken0'
import type { PlannedQuote } from './planQuotes'

/**
 * The code path of a quote's Aggregator transaction, for sharing gas estimates within one block (see
 * `estimateSwap`): two transactions from one sender with the same key call the same function with the same
 * tokens, receiver and fee recipient, take the same branches (an integrator fee paid, unused input refunded)
 * and swap through the same pools in the same order, each along the same code path (`PoolKind.swapPathKey`).
 * They differ only in amounts, shares and deadline, so the two cost the same gas but for their calldata bytes
 * and the arithmetic of a V3 swap's last step (some hundreds of gas at most, well inside the estimate's 30%
 * margin). Undefined without a call, and for a route through a token with a transfer tax (a taxed token's own
 * code may branch on the amount).
 */
export function swapGasPathKey(q: PlannedQuote, taxedTokens: readonly string[]): string | undefined {
  const { call, route } = q
  if (!call) return undefined
  const exactIn = call.tradeType === 'exactIn'
  const parts = [
    call.tradeType,
    call.tokenIn,
    call.tokenOut,
    call.receiver,
    call.feeBps > 0 ? call.feeRecipient : '',
    route.feeAmount > 0n ? 'fee' : '',
    call.amountIn > route.amountIn ? 'refund' : '',
  ]
  const swap = (
    pool: PoolState,
    tokenIn: Address,
    tokenOut: Address,
    amountIn: bigint,
    amountOut: bigint,
  ) => {
    if (taxedTokens.includes(tokenIn.toLowerCase()) || taxedTokens.includes(tokenOut.toLowerCase()))
      return false
    const path = poolKindOf(pool).swapPathKey(
      pool,
      sellsToken0(pool, tokenIn),
      exactIn ? amountIn : amountOut,
      exactIn,
    )
    parts.push(`${pool.address}>${tokenOut}:${path}`)
    return true
  }
  if (route.steps && call.steps) {
    for (const s of route.steps)
      if (!swap(s.pool, s.tokenIn, s.tokenOut, s.amountIn, s.amountOut)) return undefined
    return parts.join(',')
  }
  for (const leg of route.legs) {
    parts.push('|')
    for (const h of leg.hops)
      if (!swap(h.pool, h.tokenIn, h.tokenOut, h.amountIn, h.amountOut)) return undefined
  }
  return parts.join(',')
}
