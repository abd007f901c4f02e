import type { TradeToken } from './resolveTradeTokens'

/**
 * True when the trade is native currency against its own wrapped token, either way: a wrap
 * (native in) or an unwrap (native out), executed 1:1 by the Aggregator with no pool legs. Both route
 * addresses are checksummed (see `resolveTradeToken`).
 */
export function isWrapPair(tokenIn: TradeToken, tokenOut: TradeToken): boolean {
  return tokenIn.isNative !== tokenOut.isNative && tokenIn.routeAddress === tokenOut.routeAddress
}
