import type { Address } from 'viem'
import type { ChainMarket } from '../market/createChainMarket'
import { routingTokensOf } from '../market/routingTokensOf'
import type { FindBestRouteParams } from '../routing'

/**
 * The routing request of a bridge side's swap: one path (no split) between two ERC-20s (the wrapped native for
 * native currency) over the chain's current pool snapshot, through its stable, major and wrapped-native
 * connectors (see `routingTokensOf`), sharing the market's hop cache. `amount` is the input for `exactIn`, the output for `exactOut`.
 */
export function singlePathRequest(
  market: ChainMarket,
  params: { tokenIn: Address; tokenOut: Address; tradeType: 'exactIn' | 'exactOut'; amount: bigint },
): FindBestRouteParams {
  return {
    pools: market.getSnapshot().pools,
    tokenIn: params.tokenIn,
    tokenOut: params.tokenOut,
    tradeType: params.tradeType,
    amount: params.amount,
    ...routingTokensOf(market),
    isSplit: false,
    hopCache: market.hopCache,
  }
}
