import type { Address, Hex } from 'viem'
import { AppError } from '../errors'
import {
  computeAmountInMax,
  computeAmountOutMin,
  computePriceImpact,
  type FoundRoutes,
  type Price,
  type Route,
  type TradeType,
  toContractLegs,
  toContractSteps,
} from '../routing'
import type { SwapCall } from './buildSwapCalldata'
import { computeReferencePriceImpact } from './computeReferencePriceImpact'
import { computeUsdReferenceRate } from './computeUsdReferenceRate'
import type { TradeToken } from './resolveTradeTokens'

/** USD per whole token of what a quote shows: its two sides and the chain's native currency (gas). */
export interface QuotePrices {
  tokenIn?: number
  tokenOut?: number
  native?: number
}

/**
 * Everything `planQuotes` needs of a request besides its routes, read on the request's thread: plain data, so
 * a routing worker can plan and answer the quotes of the routes it found.
 */
export interface QuotePlanInput {
  tokenIn: TradeToken
  tokenOut: TradeToken
  tradeType: TradeType
  slippageBps: number
  feeBps: number
  /** Integrator fee receiver (zero address without a fee); in `transactionData` even without a sender. */
  feeReceiver: Address
  /** Who receives the output and the call's attribution tag; without it quotes carry no call. */
  swap?: { receiver: Address; integratorId: Hex }
  deadline: bigint
  quoteDeadline: number
  /** The block whose pool state prices the routes. */
  blockNumber: bigint
  gasPrice: bigint
  /** `priceImpactProtectionPercentage`: the best quote's price impact may not exceed it (fraction). */
  priceImpactLimit?: number
  prices: QuotePrices
}

/** A priced route plus everything needed to present it and to build its transaction. */
export interface PlannedQuote {
  exchangeId: string | undefined
  route: Route
  tokenIn: TradeToken
  tokenOut: TradeToken
  call: SwapCall | undefined
  /** Integrator fee receiver (zero address without a fee); in `transactionData` even without a sender. */
  feeReceiver: Address
  slippageBps: number
  /** Fraction against the request's one reference rate (see `computeReferencePriceImpact`); may be negative. */
  priceImpact: number
  deadline: bigint
  quoteDeadline: number
  /** The block whose pool state priced the route. */
  blockNumber: bigint
  gasPrice: bigint
  prices: QuotePrices
  isBest: boolean
}

/**
 * The quotes of a request's routes, best first: each route's price impact against the request's one
 * reference rate (the USD prices of the two tokens, else the best route's own pool mid prices) and, with a
 * receiver, its Aggregator call. Pure: the same on the request's thread and in a routing worker. Throws
 * PRICE_IMPACT_TOO_HIGH when the best quote's impact exceeds the request's limit.
 */
export function planQuotes(input: QuotePlanInput, found: FoundRoutes): PlannedQuote[] {
  const { tokenIn, tokenOut, tradeType, slippageBps, swap } = input
  const referenceRate = getReferenceRate(input, found.best)
  const plan = (route: Route, exchangeId: string | undefined, isBest: boolean): PlannedQuote => {
    const call: SwapCall | undefined = swap
      ? {
          tradeType,
          tokenIn: tokenIn.address,
          tokenOut: tokenOut.address,
          amountIn:
            tradeType === 'exactIn'
              ? route.amountIn
              : computeAmountInMax({ amountIn: route.amountIn, slippageBps }),
          amountOut:
            tradeType === 'exactIn'
              ? computeAmountOutMin({ amountOut: route.amountOut, slippageBps })
              : route.amountOut,
          receiver: swap.receiver,
          deadline: input.deadline,
          feeRecipient: input.feeReceiver,
          feeBps: input.feeBps,
          integratorId: swap.integratorId,
          legs: toContractLegs(route),
          ...(route.steps ? { steps: toContractSteps(route.steps) } : {}),
        }
      : undefined
    let legsIn = 0n
    for (const leg of route.legs) legsIn += leg.amountIn
    return {
      exchangeId,
      route,
      tokenIn,
      tokenOut,
      call,
      feeReceiver: input.feeReceiver,
      slippageBps,
      priceImpact: computeReferencePriceImpact({
        amountIn: legsIn,
        amountOut: route.amountOutGross,
        referenceRate,
      }),
      deadline: input.deadline,
      quoteDeadline: input.quoteDeadline,
      blockNumber: input.blockNumber,
      gasPrice: input.gasPrice,
      prices: input.prices,
      isBest,
    }
  }
  const planned = [
    plan(found.best, undefined, true),
    ...found.perExchange.map((r) => plan(r.route, r.exchangeId, false)),
  ]
  const limit = input.priceImpactLimit
  if (limit !== undefined && planned[0] && planned[0].priceImpact > limit) {
    throw new AppError(
      'PRICE_IMPACT_TOO_HIGH',
      `Price impact ${(planned[0].priceImpact * 100).toFixed(2)}% exceeds priceImpactProtectionPercentage ${(limit * 100).toFixed(2)}%`,
      { details: { priceImpact: planned[0].priceImpact, limit } },
    )
  }
  return planned
}

/**
 * The request's reference rate (tokenOut base units per tokenIn base unit): the USD prices of the two tokens, else
 * the best route's pool mid prices (its output divided by one minus its impact at those pools).
 */
function getReferenceRate(input: QuotePlanInput, best: Route): Price {
  const { tokenIn, tokenOut } = input
  const fromUsd = computeUsdReferenceRate({
    usdIn: input.prices.tokenIn,
    usdOut: input.prices.tokenOut,
    decimalsIn: tokenIn.decimals,
    decimalsOut: tokenOut.decimals,
  })
  if (fromUsd) return fromUsd
  const legsIn = best.legs.reduce((sum, leg) => sum + leg.amountIn, 0n)
  const keptPpb = BigInt(Math.max(1, Math.round((1 - computePriceImpact(best)) * 1e9)))
  return { num: best.amountOutGross * 1_000_000_000n, den: legsIn === 0n ? 1n : legsIn * keptPpb }
}
