import { getAddress } from 'viem'
import { AppError } from '../errors'
import { computeAmountInMax, computeAmountOutMin } from '../routing'
import { buildSingleSwap } from './buildSingleSwap'
import { buildSwapFromTransactionData } from './buildSwapFromTransactionData'
import { computeSwapValue } from './computeSwapValue'
import { createQuoteContext } from './createQuoteContext'
import { planSingleQuotes } from './planSingleQuotes'
import type { QuoteCaller, QuoteServiceDeps } from './quoteSingle'
import { singleSwapLimits } from './singleSwapLimits'
import type { SwapSingleBody } from './swapSingleBody'

/**
 * `POST swap/single`: rebuilds the call from a quote's `transactionData` (see `buildSwapFromTransactionData`
 * for the checks of fee, receivers and deadline), then re-quotes the same trade now and refuses a bound
 * looser than `singleSwapLimits.maxSlippage` allows around that fresh quote: 400 INVALID_PARAMS naming
 * `transactionData.info.amountOutMin` (exact input) or `transactionData.info.amountInMax` (exact output). A
 * bound better than the market passes (the chain reverts it). Also INVALID_PARAMS for a `nativeValue` that
 * does not match the trade; NO_ROUTE when the trade cannot be quoted any more.
 */
export async function buildSingleSwapFromBody(
  deps: QuoteServiceDeps,
  chainId: number,
  body: SwapSingleBody,
  caller: QuoteCaller,
) {
  const ctx = await createQuoteContext(deps, chainId, caller)
  const { market, tagIntegrator } = ctx
  const call = buildSwapFromTransactionData(market, body, {
    nowSec: Math.floor(ctx.now / 1000),
    tagIntegrator,
  })
  const value = computeSwapValue(call)
  if (body.nativeValue !== undefined && body.nativeValue !== value) {
    throw new AppError(
      'INVALID_PARAMS',
      `nativeValue ${body.nativeValue} does not match the trade (expected ${value})`,
      { details: { param: 'nativeValue' } },
    )
  }
  const exactIn = call.tradeType === 'exactIn'
  const [fresh] = await planSingleQuotes(
    {
      fromTokenAddress: call.tokenIn,
      toTokenAddress: call.tokenOut,
      amount: exactIn ? call.amountIn : call.amountOut,
      isExactOut: !exactIn,
      feePercentage: call.feeBps / 10_000,
      ...(call.feeBps > 0 ? { feeReceiver: call.feeRecipient } : {}),
    },
    ctx,
  )
  if (!fresh) throw new AppError('NO_ROUTE', 'No route for this trade')
  const slippageBps = Math.round(singleSwapLimits.maxSlippage * 10_000)
  if (exactIn) {
    const floor = computeAmountOutMin({ amountOut: fresh.route.amountOut, slippageBps })
    if (call.amountOut < floor) throw looseBound('amountOutMin', call.amountOut, floor, 'below')
  } else {
    const ceiling = computeAmountInMax({ amountIn: fresh.route.amountIn, slippageBps })
    if (call.amountIn > ceiling) throw looseBound('amountInMax', call.amountIn, ceiling, 'above')
  }
  return buildSingleSwap(market, {
    call,
    sender: getAddress(body.account),
    feeAmount: fresh.route.feeAmount,
    gasUnits: fresh.route.gasUnits,
  })
}

function looseBound(field: string, given: bigint, limit: bigint, side: 'below' | 'above'): AppError {
  const param = `transactionData.info.${field}`
  return new AppError(
    'INVALID_PARAMS',
    `${param} ${given} is ${side} ${limit}, the ${singleSwapLimits.maxSlippage * 100}% slippage limit around a ` +
      'fresh quote of this trade; request a new quote',
    { details: { param, limit: limit.toString() } },
  )
}
