import type { Address, Hex } from 'viem'
import { AppError } from '../errors'
import { decodeLegHops } from '../quotes/buildSwapCalldata'
import { decodeRouteStep, isRouteStepData } from '../quotes/encodeRouteStep'
import { STEP_SHARE_ONE } from '../routing/quoteRouteSteps'
import { type GaslessOrder, hashRoute, type RouteStep } from './gaslessOrderTypes'

/** The `transactionData` of a `quote/single?isGasless=true` answer, as parsed by the typed-data route. */
export interface GaslessQuoteTransactionData {
  info: { srcToken: Address; dstToken: Address; amountIn: bigint; amountOutMin: bigint; deadline: bigint }
  call: readonly { data: string }[]
  amountInBeforeFee: bigint
  amountInAfterFee: bigint
  fee: bigint
  receiver?: Address | undefined
}

const invalid = (param: string, message: string) =>
  new AppError('INVALID_PARAMS', message, { details: { param } })

/**
 * The route steps of a quote's `transactionData.call`: its one leg's hops (each step spends all it holds), or
 * its entries when each carries an encoded route step (`encodeRouteStep`). INVALID_PARAMS for several legs or a
 * mix; whether the steps make one path of known pools is `checkGaslessOrder`'s to say.
 */
export function gaslessStepsOfQuoteCall(call: readonly { data: string }[]): RouteStep[] {
  const data = call.map((entry) => entry.data as Hex)
  if (data.length > 0 && data.every(isRouteStepData)) return data.map(decodeRouteStep)
  const [leg, ...more] = data
  if (leg === undefined || more.length > 0 || isRouteStepData(leg))
    throw invalid(
      'transactionData.call',
      'transactionData.call must be the one leg of a single-path quote (isGasless=true quotes are)',
    )
  return decodeLegHops(leg).map((hop) => ({ ...hop, share: STEP_SHARE_ONE }))
}

/**
 * The gasless order `sender` signs for a `quote/single?isGasless=true` quote, and its route: the user signs over
 * `amountInBeforeFee` with the relayer's `fee`, `amountInAfterFee` (= `amountInBeforeFee - fee`, the quote's
 * `info.amountIn`) is swapped along `call` to `receiver` (else the sender) for at least `info.amountOutMin`
 * by `info.deadline`. Nothing here is trusted beyond what the user signs: `checkGaslessOrder` and the create
 * endpoint check the route, fee, deadline and receiver as for an estimate's order. Throws INVALID_PARAMS naming
 * the field for amounts that do not add up.
 */
export function gaslessOrderFromQuote(
  data: GaslessQuoteTransactionData,
  sender: Address,
): { order: GaslessOrder; call: RouteStep[] } {
  if (data.amountInBeforeFee - data.fee !== data.amountInAfterFee)
    throw invalid(
      'transactionData.amountInAfterFee',
      'transactionData.amountInAfterFee must be amountInBeforeFee - fee',
    )
  if (data.info.amountIn !== data.amountInAfterFee)
    throw invalid(
      'transactionData.info.amountIn',
      'transactionData.info.amountIn must be amountInAfterFee: what the route swaps',
    )
  const call = gaslessStepsOfQuoteCall(data.call)
  return {
    order: {
      user: sender,
      receiver: data.receiver ?? sender,
      srcToken: data.info.srcToken,
      dstToken: data.info.dstToken,
      amountIn: data.amountInBeforeFee,
      fee: data.fee,
      amountOutMin: data.info.amountOutMin,
      deadline: data.info.deadline,
      tradeHash: hashRoute(call),
    },
    call,
  }
}
