import { type Address, getAddress, isAddressEqual, zeroAddress } from 'viem'
import { readFromNode } from '../chains/readFromNode'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import {
  computeAmountInMax,
  computeAmountOutMin,
  computePriceImpact,
  type FindBestRouteParams,
  type Price,
  type Route,
  type RouteRequest,
  RoutingError,
  toContractLegs,
  toContractSteps,
} from '../routing'
import { assertDeadline } from './assertDeadline'
import { assertSafeRecipient } from './assertSafeRecipient'
import type { SwapCall } from './buildSwapCalldata'
import { computeReferencePriceImpact } from './computeReferencePriceImpact'
import { computeUsdReferenceRate } from './computeUsdReferenceRate'
import type { IntegratorTagger } from './createIntegratorTagger'
import { isWrapPair } from './isWrapPair'
import { planWrapRoute } from './planWrapRoute'
import { resolveTradePair, type TradeToken } from './resolveTradeTokens'
import type { SingleQuoteQuery } from './singleQuoteQuery'
import { singleSwapLimits } from './singleSwapLimits'
import { toRoutingAppError } from './toRoutingAppError'

export interface QuoteContext {
  market: ChainMarket
  /** Unix milliseconds. */
  now: number
  quoteTtlSec: number
  /** Gives each call's `integratorId` (the caller's attribution tag, or zero). */
  tagIntegrator: IntegratorTagger
  requestId: string
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
  isBest: boolean
}

/**
 * Plans "all available quotes" for a single-chain trade from the in-memory snapshot: the best route
 * over every exchange first, then the best route of each exchange, best first; a wrap or unwrap (native
 * against its wrapped token) is one 1:1 route with no legs (see `planWrapRoute`). No RPC call but the
 * cached gas price. Every quote's price impact is measured against one reference rate: the market's USD
 * prices of the two tokens, else the best route's own pool mid prices. Throws AppError (NO_ROUTE,
 * INSUFFICIENT_LIQUIDITY, BELOW_MINIMUM `Insufficient amount` for dust (see `toRoutingAppError`), UNSUPPORTED_TOKEN, SAME_TOKEN, PRICE_IMPACT_TOO_HIGH, UNSUPPORTED_DIRECTION,
 * INVALID_PARAMS for a deadline passed or too far ahead, a fee without receiver, or a receiver or fee
 * receiver that would lose the funds (see `assertSafeRecipient`), UPSTREAM_UNAVAILABLE when the gas price
 * cannot be read).
 */
export async function planSingleQuotes(query: SingleQuoteQuery, ctx: QuoteContext): Promise<PlannedQuote[]> {
  const { market } = ctx
  const [tokenIn, tokenOut] = resolveTradePair(market, query.fromTokenAddress, query.toTokenAddress)
  const tradeType = query.isExactOut ? 'exactOut' : 'exactIn'
  const slippageBps = Math.round((query.slippage ?? singleSwapLimits.defaultSlippage) * 10_000)
  const feeBps = Math.round((query.feePercentage ?? 0) * 10_000)
  if (feeBps > 0 && !query.feeReceiver) {
    throw new AppError('INVALID_PARAMS', 'feeReceiver is required when feePercentage is above 0', {
      details: { param: 'feeReceiver' },
    })
  }
  if (feeBps > 0 && query.feeReceiver)
    assertSafeRecipient(market, getAddress(query.feeReceiver), 'feeReceiver')
  const receiver = query.receiver ?? query.sender
  if (receiver) assertSafeRecipient(market, getAddress(receiver), query.receiver ? 'receiver' : 'sender')
  const nowSec = Math.floor(ctx.now / 1000)
  if (query.deadline !== undefined) assertDeadline(query.deadline, nowSec, 'deadline')
  const deadline = BigInt(query.deadline ?? nowSec + singleSwapLimits.defaultDeadlineSec)
  const gasPrice = await readFromNode('the gas price', () => market.getGasPrice())
  const snapshot = await market.getFreshSnapshot()
  const { deployment } = market

  const params: RouteRequest = {
    tokenIn: tokenIn.routeAddress,
    tokenOut: tokenOut.routeAddress,
    tradeType,
    amount: query.amount,
    connectors: deployment.tokens
      .filter((t) => t.tags.some((tag) => tag === 'stable' || tag === 'major' || tag === 'wrapped-native'))
      .map((t) => t.address),
    // only taxed tokens matter to routing; the rest would only weigh on the message to a routing worker
    tokens: deployment.tokens
      .filter((t) => (t.transferFeeBps ?? 0) > 0)
      .map((t) => ({ address: t.address, transferFeeBps: t.transferFeeBps ?? 0 })),
    feeBps,
    gasPriceWei: gasPrice,
    excludedExchanges: excludedExchangeIds(market, query.excludedDexes),
    isSplit: query.isSplit ?? true,
    ...gasPrices(market, tokenIn, tokenOut),
  }
  if (query.dex) params.exchangeIds = [query.dex]

  let best: Route
  let perExchange: { exchangeId: string; route: Route }[] = []
  if (isWrapPair(tokenIn, tokenOut)) {
    best = planWrapRoute({ wrapped: tokenIn.routeAddress, tradeType, amount: query.amount, feeBps })
  } else {
    try {
      const found = await market.findRoutes(snapshot, params, { perExchange: !query.dex })
      best = found.best
      perExchange = found.perExchange
    } catch (error: unknown) {
      if (error instanceof RoutingError) {
        throw toRoutingAppError(error, {
          market,
          tokenIn,
          tokenOut,
          exactIn: tradeType === 'exactIn',
          amount: query.amount,
        })
      }
      throw error
    }
  }

  const referenceRate = getReferenceRate(market, tokenIn, tokenOut, best)
  const feeReceiver = query.feeReceiver ? getAddress(query.feeReceiver) : zeroAddress
  const plan = (route: Route, exchangeId: string | undefined, isBest: boolean): PlannedQuote => {
    const call: SwapCall | undefined = receiver
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
          receiver: getAddress(receiver),
          deadline,
          feeRecipient: feeReceiver,
          feeBps,
          integratorId: ctx.tagIntegrator({
            sender: query.sender ? getAddress(query.sender) : undefined,
            receiver: getAddress(receiver),
            tokenIn: tokenIn.address,
            tokenOut: tokenOut.address,
          }),
          legs: toContractLegs(route),
          ...(route.steps ? { steps: toContractSteps(route.steps) } : {}),
        }
      : undefined
    return {
      exchangeId,
      route,
      tokenIn,
      tokenOut,
      call,
      feeReceiver,
      slippageBps,
      priceImpact: computeReferencePriceImpact({
        amountIn: route.legs.reduce((sum, leg) => sum + leg.amountIn, 0n),
        amountOut: route.amountOutGross,
        referenceRate,
      }),
      deadline,
      quoteDeadline: nowSec + ctx.quoteTtlSec,
      blockNumber: snapshot.blockNumber,
      gasPrice,
      isBest,
    }
  }
  const planned = [plan(best, undefined, true), ...perExchange.map((r) => plan(r.route, r.exchangeId, false))]
  const limit = query.priceImpactProtectionPercentage
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
 * The request's reference rate (tokenOut base units per tokenIn base unit): the market's USD prices, else
 * the best route's pool mid prices (its output divided by one minus its impact at those pools).
 */
function getReferenceRate(
  market: ChainMarket,
  tokenIn: TradeToken,
  tokenOut: TradeToken,
  best: Route,
): Price {
  const fromUsd = computeUsdReferenceRate({
    usdIn: market.getUsdPrice(tokenIn.routeAddress),
    usdOut: market.getUsdPrice(tokenOut.routeAddress),
    decimalsIn: tokenIn.decimals,
    decimalsOut: tokenOut.decimals,
  })
  if (fromUsd) return fromUsd
  const legsIn = best.legs.reduce((sum, leg) => sum + leg.amountIn, 0n)
  const keptPpb = BigInt(Math.max(1, Math.round((1 - computePriceImpact(best)) * 1e9)))
  return { num: best.amountOutGross * 1_000_000_000n, den: legsIn === 0n ? 1n : legsIn * keptPpb }
}

/** Maps `excludedDexes` entries for this chain (exchange ids or factory addresses) to exchange ids. */
function excludedExchangeIds(market: ChainMarket, excluded: Record<string, string[]> | undefined): string[] {
  const entries = excluded?.[String(market.chainId)] ?? []
  return entries.map((entry) => {
    const byFactory = market.deployment.exchanges.find(
      (e) => /^0x[0-9a-fA-F]{40}$/.test(entry) && isAddressEqual(e.factory, entry as Address),
    )
    return byFactory?.id ?? entry
  })
}

const PRICE_DEN = 10n ** 30n

/** Native price in tokenIn/tokenOut base units per wei, from the USD prices, for gas-aware ranking. */
function gasPrices(
  market: ChainMarket,
  tokenIn: TradeToken,
  tokenOut: TradeToken,
): Pick<FindBestRouteParams, 'nativePriceInTokenIn' | 'nativePriceInTokenOut'> {
  const nativeUsd = market.getUsdPrice(market.deployment.wrappedNative)
  const toPrice = (token: TradeToken): Price | undefined => {
    const usd = market.getUsdPrice(token.routeAddress)
    if (!nativeUsd || !usd) return undefined
    const ratio = (nativeUsd / usd) * 10 ** (token.decimals - 18)
    const num = BigInt(Math.round(ratio * 1e30))
    return num > 0n ? { num, den: PRICE_DEN } : undefined
  }
  const out: Pick<FindBestRouteParams, 'nativePriceInTokenIn' | 'nativePriceInTokenOut'> = {}
  const pIn = toPrice(tokenIn)
  const pOut = toPrice(tokenOut)
  if (pIn) out.nativePriceInTokenIn = pIn
  if (pOut) out.nativePriceInTokenOut = pOut
  return out
}
