import { type Address, getAddress, isAddressEqual, zeroAddress } from 'viem'
import { readFromNode } from '../chains/readFromNode'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import { routingTokensOf } from '../market/routingTokensOf'
import type { PoolSnapshot } from '../pools/poolSnapshot'
import type { FindBestRouteParams, Price, RouteRequest } from '../routing'
import { assertDeadline } from './assertDeadline'
import { assertSafeRecipient } from './assertSafeRecipient'
import { isWrapPair } from './isWrapPair'
import type { QuotePlanInput, QuotePrices } from './planQuotes'
import type { QuoteContext } from './planSingleQuotes'
import { resolveTradePair, type TradeToken } from './resolveTradeTokens'
import type { SingleQuoteQuery } from './singleQuoteQuery'
import { defaultSwapDeadline, singleSwapLimits } from './singleSwapLimits'

/** A request made ready to route: what planning needs, the snapshot to route on and the routing request. */
export interface PreparedQuote {
  input: QuotePlanInput
  snapshot: PoolSnapshot
  /** The amount asked (input for exact input, output for exact output), in base units. */
  amount: bigint
  /** Undefined for a wrap or unwrap (native against its wrapped token): one 1:1 route, no routing. */
  request: RouteRequest | undefined
}

/**
 * Checks a quote request and reads what its quotes need from the market: the two tokens, the gas price, the
 * snapshot to route on (see `getFreshSnapshot`), the USD prices, the call's attribution tag, and the routing
 * request. Throws AppError (UNSUPPORTED_TOKEN, SAME_TOKEN, INVALID_PARAMS for a deadline passed or too far
 * ahead, a fee without receiver, or a receiver or fee receiver that would lose the funds (see
 * `assertSafeRecipient`), CHAIN_LOADING while the chain's pools load, UPSTREAM_UNAVAILABLE when the gas price
 * cannot be read).
 */
export async function prepareSingleQuote(query: SingleQuoteQuery, ctx: QuoteContext): Promise<PreparedQuote> {
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
  const deadline = query.deadline === undefined ? defaultSwapDeadline(nowSec) : BigInt(query.deadline)
  // the snapshot before the node's gas price: a chain still loading its pools (CHAIN_LOADING) or cut off from
  // its node answers at once, without a read of the node first
  const snapshot = await market.getFreshSnapshot()
  const gasPrice = await readFromNode('the gas price', () => market.getGasPrice())
  const { deployment } = market
  const prices: QuotePrices = {}
  const usdIn = market.getUsdPrice(tokenIn.routeAddress)
  const usdOut = market.getUsdPrice(tokenOut.routeAddress)
  const usdNative = market.getUsdPrice(deployment.wrappedNative)
  if (usdIn !== undefined) prices.tokenIn = usdIn
  if (usdOut !== undefined) prices.tokenOut = usdOut
  if (usdNative !== undefined) prices.native = usdNative

  const input: QuotePlanInput = {
    tokenIn,
    tokenOut,
    tradeType,
    slippageBps,
    feeBps,
    feeReceiver: query.feeReceiver ? getAddress(query.feeReceiver) : zeroAddress,
    deadline,
    quoteDeadline: nowSec + ctx.quoteTtlSec,
    blockNumber: snapshot.blockNumber,
    gasPrice,
    prices,
  }
  if (receiver) {
    // every quote of the request pays the same receiver for the same pair: one attribution tag serves them all
    const swapReceiver = getAddress(receiver)
    input.swap = {
      receiver: swapReceiver,
      integratorId: ctx.tagIntegrator({
        sender: query.sender ? getAddress(query.sender) : undefined,
        receiver: swapReceiver,
        tokenIn: tokenIn.address,
        tokenOut: tokenOut.address,
        feeRecipient: input.feeReceiver,
        feeBps,
      }),
    }
  }
  if (query.priceImpactProtectionPercentage !== undefined)
    input.priceImpactLimit = query.priceImpactProtectionPercentage
  if (isWrapPair(tokenIn, tokenOut)) return { input, snapshot, amount: query.amount, request: undefined }

  const request: RouteRequest = {
    tokenIn: tokenIn.routeAddress,
    tokenOut: tokenOut.routeAddress,
    tradeType,
    amount: query.amount,
    ...routingTokensOf(market),
    feeBps,
    gasPriceWei: gasPrice,
    excludedExchanges: excludedExchangeIds(market, query.excludedDexes),
    isSplit: query.isSplit ?? true,
    ...gasPrices(prices, tokenIn, tokenOut),
  }
  if (query.dex) request.exchangeIds = [query.dex]
  return { input, snapshot, amount: query.amount, request }
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
  prices: QuotePrices,
  tokenIn: TradeToken,
  tokenOut: TradeToken,
): Pick<FindBestRouteParams, 'nativePriceInTokenIn' | 'nativePriceInTokenOut'> {
  const nativeUsd = prices.native
  const toPrice = (token: TradeToken, usd: number | undefined): Price | undefined => {
    if (!nativeUsd || !usd) return undefined
    const ratio = (nativeUsd / usd) * 10 ** (token.decimals - 18)
    const num = BigInt(Math.round(ratio * 1e30))
    return num > 0n ? { num, den: PRICE_DEN } : undefined
  }
  const out: Pick<FindBestRouteParams, 'nativePriceInTokenIn' | 'nativePriceInTokenOut'> = {}
  const pIn = toPrice(tokenIn, prices.tokenIn)
  const pOut = toPrice(tokenOut, prices.tokenOut)
  if (pIn) out.nativePriceInTokenIn = pIn
  if (pOut) out.nativePriceInTokenOut = pOut
  return out
}
