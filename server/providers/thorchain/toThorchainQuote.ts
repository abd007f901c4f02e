import { type Address, getAddress, zeroAddress } from 'viem'
import { AppError, compatibleMessages } from '../../errors'
import type { RouteStepQuote } from '../../routing/quoteRouteSteps'
import type { ContractStep } from '../../routing/toContractSteps'
import { parseSwapMemo } from '../../thorchain/parseSwapMemo'
import { stepsToJson } from '../contractStepsJson'
import type { ProviderQuote, ProviderQuoteRequest } from '../types'
import { assertMemoFitsSource } from './assertMemoFitsSource'
import type { ThornodeSwapQuote } from './createThornodeClient'
import { fromThorUnits } from './thorchainAssets'

/**
 * The provider quote of THORNode's swap quote `quote` for `request`: `expected_amount_out` and the memo's limit
 * as output and minimum, THORNode's fees, all from the network's 1e8 units to the output's base units; with an
 * origin swap (`origin`), the entry, its path and the native amounts in `details`. `amount` is the input in 1e8
 * units (after the origin swap), `nativeDecimals` the source chain's native coin's. Throws AppError
 * BELOW_MINIMUM when `amount` is under THORNode's recommended minimum, MEMO_TOO_LONG when the memo is longer than
 * the source chain carries (`assertMemoFitsSource`: 80 bytes in a UTXO chain's OP_RETURN), an Error when THORNode
 * sent no memo, and MemoError when its memo is no swap. Pure.
 */
export function toThorchainQuote(params: {
  request: ProviderQuoteRequest
  quote: ThornodeSwapQuote
  fromAsset: string
  toAsset: string
  amount: bigint
  nativeDecimals: number
  origin:
    | {
        entry: Address
        steps: ContractStep[]
        plan: readonly RouteStepQuote[]
        nativeOut: bigint
        minNativeOut: bigint
      }
    | undefined
}): ProviderQuote {
  const { request, quote, fromAsset, toAsset, amount, nativeDecimals, origin } = params
  const minIn = BigInt(quote.recommended_min_amount_in ?? '0')
  if (amount < minIn)
    throw new AppError('BELOW_MINIMUM', compatibleMessages.insufficientAmount, {
      details: {
        provider: 'thorchain',
        reason: `The liquidity network needs at least ${minIn} (1e8 units) of ${fromAsset}`,
        minimumAmount: fromThorUnits(
          minIn,
          origin === undefined ? request.from.decimals : nativeDecimals,
        ).toString(),
        ...(origin === undefined ? {} : { minimumIn: 'native currency after the origin swap' }),
      },
    })
  if (quote.memo === undefined) throw new Error('THORNode answered a quote without a memo')
  // a deposit whose OP_RETURN is over the limit is not relayed: refuse the quote rather than strand the payment
  assertMemoFitsSource(quote.memo, request.from.chainId)
  const expected = BigInt(quote.expected_amount_out)
  const limit = parseSwapMemo(quote.memo).limit
  const outAsset = { ...request.to }
  return {
    providerId: 'thorchain',
    request,
    amountOut: fromThorUnits(expected, request.to.decimals),
    amountOutMin: fromThorUnits(limit, request.to.decimals),
    fees: [
      {
        kind: 'liquidity',
        asset: outAsset,
        amount: fromThorUnits(BigInt(quote.fees.liquidity), request.to.decimals),
      },
      {
        kind: 'gas',
        asset: outAsset,
        amount: fromThorUnits(BigInt(quote.fees.outbound), request.to.decimals),
      },
      {
        kind: 'integrator',
        asset: outAsset,
        amount: fromThorUnits(BigInt(quote.fees.affiliate), request.to.decimals),
      },
    ],
    estimatedDurationSec: quote.total_swap_seconds ?? 0,
    route: {
      via: 'RUNE',
      sourceSwap: origin !== undefined,
      destinationSwap: false,
      ...(origin === undefined
        ? {}
        : {
            sourceLeg: {
              chainId: request.from.chainId,
              tokenIn: getAddress(request.from.address),
              tokenOut: zeroAddress,
              amountIn: request.amountIn,
              amountOut: origin.nativeOut,
              exactOut: false,
              amountOutMin: origin.minNativeOut,
              plan: origin.plan,
            },
          }),
    },
    expiresAt: quote.expiry,
    nativeFee: 0n,
    details: {
      ...quote,
      memo: quote.memo,
      fromAsset,
      toAsset,
      ...(origin === undefined
        ? {}
        : {
            entry: origin.entry,
            originSteps: stepsToJson(origin.steps),
            nativeAmount: origin.nativeOut.toString(),
            minNativeOut: origin.minNativeOut.toString(),
          }),
    },
  }
}
