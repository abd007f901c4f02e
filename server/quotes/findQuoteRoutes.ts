import type { ChainMarket } from '../market/createChainMarket'
import { type FoundRoutes, RoutingError } from '../routing'
import { planWrapRoute } from './planWrapRoute'
import type { PreparedQuote } from './prepareSingleQuote'
import { toRoutingAppError } from './toRoutingAppError'

/**
 * The routes of a prepared request: one 1:1 route for a wrap or unwrap (see `planWrapRoute`), else the best
 * route over every exchange and (without `dex`) the best of each, on the market's routing threads. Throws
 * AppError (NO_ROUTE, INSUFFICIENT_LIQUIDITY, BELOW_MINIMUM `Insufficient amount` for dust (see
 * `toRoutingAppError`), UNSUPPORTED_DIRECTION) for a request that does not route.
 */
export async function findQuoteRoutes(market: ChainMarket, prepared: PreparedQuote): Promise<FoundRoutes> {
  const { input, request } = prepared
  if (!request) {
    const { tokenIn, tradeType, feeBps } = input
    const best = planWrapRoute({ wrapped: tokenIn.routeAddress, tradeType, amount: prepared.amount, feeBps })
    return { best, perExchange: [] }
  }
  return withQuoteRoutingErrors(
    market,
    prepared,
    market.quoteEngine.findRoutes(prepared.snapshot, request, {
      perExchange: request.exchangeIds === undefined,
    }),
  )
}

/** `routed`, whose RoutingError rejection becomes the API error of the prepared request (see `toRoutingAppError`). */
export async function withQuoteRoutingErrors<T>(
  market: ChainMarket,
  prepared: PreparedQuote,
  routed: Promise<T>,
): Promise<T> {
  try {
    return await routed
  } catch (error: unknown) {
    if (!(error instanceof RoutingError)) throw error
    const { tokenIn, tokenOut, tradeType } = prepared.input
    throw toRoutingAppError(error, {
      market,
      tokenIn,
      tokenOut,
      exactIn: tradeType === 'exactIn',
      amount: prepared.amount,
    })
  }
}
