import { AppError, compatibleMessages } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import type { RoutingError } from '../routing'
import { computeUsdReferenceRate } from './computeUsdReferenceRate'
import type { TradeToken } from './resolveTradeTokens'

/** Below this many base units of the output token (at the market's mid price) an amount is dust. */
export const DUST_OUTPUT_UNITS = 1000n

/**
 * The API error for a routing failure. A "not enough liquidity" failure of an amount worth less than
 * `DUST_OUTPUT_UNITS` base units of the output token (exact input: converted at the tokens' USD prices; exact
 * output: the amount itself) is dust, not a liquidity problem: it answers 400 `BELOW_MINIMUM` with the
 * compatible message `Insufficient amount`, which clients treat as "pair not supported here". Everything else
 * keeps the routing error's code and message.
 */
export function toRoutingAppError(
  error: RoutingError,
  trade: { market: ChainMarket; tokenIn: TradeToken; tokenOut: TradeToken; exactIn: boolean; amount: bigint },
): AppError {
  if (error.code === 'INSUFFICIENT_LIQUIDITY') {
    const outputUnits = estimateOutputUnits(trade)
    if (outputUnits !== undefined && outputUnits < DUST_OUTPUT_UNITS) {
      return new AppError('BELOW_MINIMUM', compatibleMessages.insufficientAmount, {
        details: {
          param: 'amount',
          reason: `The amount is too small for any route to yield ${trade.tokenOut.symbol}`,
        },
        cause: error,
      })
    }
  }
  return new AppError(error.code, error.message, { cause: error })
}

function estimateOutputUnits(trade: Parameters<typeof toRoutingAppError>[1]): bigint | undefined {
  if (!trade.exactIn) return trade.amount
  const rate = computeUsdReferenceRate({
    usdIn: trade.market.getUsdPrice(trade.tokenIn.routeAddress),
    usdOut: trade.market.getUsdPrice(trade.tokenOut.routeAddress),
    decimalsIn: trade.tokenIn.decimals,
    decimalsOut: trade.tokenOut.decimals,
  })
  return rate === undefined ? undefined : (trade.amount * rate.num) / rate.den
}
