import { getAddress, type Hex, zeroAddress } from 'viem'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import { assertDeadline } from './assertDeadline'
import { assertSafeRecipient } from './assertSafeRecipient'
import type { SwapCall } from './buildSwapCalldata'
import { decodeLegHops } from './buildSwapCalldata'
import type { IntegratorTagger } from './createIntegratorTagger'
import { decodeRouteStep, isRouteStepData } from './encodeRouteStep'
import { isWrapPair } from './isWrapPair'
import { resolveTradePair } from './resolveTradeTokens'
import type { SwapSingleBody } from './swapSingleBody'

/**
 * Rebuilds the Aggregator call from a quote's `transactionData` (as `POST swap/single` receives it).
 * Nothing in it is trusted beyond what the user signs: the Aggregator derives every pool itself and
 * checks min-out/max-in. The output goes to `body.receiver`, else to `body.account` (the signer), never
 * to an address carried inside `transactionData`. Throws INVALID_PARAMS naming the field for an
 * inconsistent body (legs for a wrap or unwrap, none for a swap, a zero amount or min-out, an integrator fee without `feeReceiver`, a deadline more than
 * `singleSwapLimits.maxDeadlineSec` ahead, a receiver or fee receiver that would lose the funds: see
 * `assertSafeRecipient`), QUOTE_EXPIRED after its deadline. Min-out/max-in are checked against a fresh
 * quote by `buildSingleSwapFromBody`.
 */
export function buildSwapFromTransactionData(
  market: ChainMarket,
  body: SwapSingleBody,
  ctx: { nowSec: number; tagIntegrator: IntegratorTagger },
): SwapCall {
  const { info, call } = body.transactionData
  const [tokenIn, tokenOut] = resolveTradePair(market, info.srcToken, info.dstToken)
  if (isWrapPair(tokenIn, tokenOut) !== (call.length === 0)) {
    throw new AppError(
      'INVALID_PARAMS',
      call.length === 0
        ? 'transactionData.call must list the legs of the route'
        : 'transactionData.call must be empty for a wrap or unwrap',
      { details: { param: 'transactionData.call' } },
    )
  }
  const exactIn = info.amountIn !== undefined
  const amountIn = exactIn ? info.amountIn : info.amountInMax
  const amountOut = exactIn ? info.amountOutMin : info.amountOut
  if (amountIn === undefined || amountOut === undefined) {
    throw new AppError(
      'INVALID_PARAMS',
      'transactionData.info needs amountIn and amountOutMin (exact input) or amountOut and amountInMax (exact output)',
    )
  }
  if (amountIn === 0n || amountOut === 0n) {
    throw new AppError(
      'INVALID_PARAMS',
      `transactionData.info.${exactIn ? 'amountIn and amountOutMin' : 'amountOut and amountInMax'} must be above 0`,
    )
  }
  const feeBps = Math.round((info.feePercent ?? 0) * 10_000)
  if (feeBps > 0 && !info.feeReceiver) {
    throw new AppError(
      'INVALID_PARAMS',
      'transactionData.info.feeReceiver is required when feePercent is above 0',
    )
  }
  if (info.deadline <= ctx.nowSec) {
    throw new AppError(
      'QUOTE_EXPIRED',
      `The quote's deadline ${info.deadline} has passed; request a new quote`,
    )
  }
  assertDeadline(info.deadline, ctx.nowSec, 'transactionData.info.deadline')
  const feeRecipient = info.feeReceiver ? getAddress(info.feeReceiver) : zeroAddress
  if (feeBps > 0) assertSafeRecipient(market, feeRecipient, 'transactionData.info.feeReceiver')
  const receiver = getAddress(body.receiver ?? body.account)
  assertSafeRecipient(market, receiver, body.receiver ? 'receiver' : 'account')
  return {
    tradeType: exactIn ? 'exactIn' : 'exactOut',
    tokenIn: tokenIn.address,
    tokenOut: tokenOut.address,
    amountIn,
    amountOut,
    receiver,
    deadline: BigInt(info.deadline),
    feeRecipient,
    feeBps,
    integratorId: ctx.tagIntegrator({
      sender: getAddress(body.account),
      receiver,
      tokenIn: tokenIn.address,
      tokenOut: tokenOut.address,
      feeRecipient,
      feeBps,
    }),
    ...routeOf(call, exactIn),
  }
}

/**
 * The legs of `transactionData.call`, or the steps of a split-and-merge route when every entry carries a
 * step (`encodeRouteStep`); INVALID_PARAMS for a mix, or for steps with exact output.
 */
function routeOf(
  call: SwapSingleBody['transactionData']['call'],
  exactIn: boolean,
): Pick<SwapCall, 'legs' | 'steps'> {
  const stepCount = call.filter((entry) => isRouteStepData(entry.data as Hex)).length
  if (stepCount === 0) {
    return { legs: call.map((leg) => ({ amount: leg.amount, hops: decodeLegHops(leg.data as Hex) })) }
  }
  if (stepCount !== call.length || !exactIn) {
    throw new AppError(
      'INVALID_PARAMS',
      'transactionData.call must be all legs or all route steps (route steps are exact input only)',
      { details: { param: 'transactionData.call' } },
    )
  }
  return { legs: [], steps: call.map((entry) => decodeRouteStep(entry.data as Hex)) }
}
