import type { PoolKindId } from '../poolKinds/poolKinds'
import type { PlannedQuote } from './planQuotes'

/**
 * The one `protocol` entry of a wrap or unwrap quote (a route with no legs): named "Wrap" (native in) or
 * "Unwrap" (native out), with the wrapped token's logo, the route [wrapped, wrapped], no pools and the whole
 * amount. The Aggregator executes it through the wrapped token's deposit/withdraw, 1:1.
 */
export function describeWrapProtocol(chainId: number, q: PlannedQuote) {
  const { route, tokenIn } = q
  const wrapped = tokenIn.routeAddress
  return {
    name: tokenIn.isNative ? 'Wrap' : 'Unwrap',
    logo: `/trade/v1/info/tokenLogo/${chainId}/${wrapped}`,
    route: [wrapped, wrapped],
    pools: [] as { address: string; exchangeId: string; kind: PoolKindId; fee: number }[],
    percentage: 100,
    amountIn: route.amountIn.toString(),
    amountOut: route.amountOutGross.toString(),
  }
}
