import {
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddressEqual,
  zeroAddress,
  zeroHash,
} from 'viem'
import { z } from 'zod'
import { acrossEntryAbi } from '../../../contracts/artifacts'
import { AppError } from '../../errors'
import { computeIntegratorFee } from '../computeIntegratorFee'
import { stepsFromJson } from '../contractStepsJson'
import { isNativeAddress } from '../isNativeAddress'
import { badPostedField, parsePostedDetails, postedFields } from '../parsePostedDetails'
import { destinationSwapParameter } from '../stargate/stargatePoolAbi'
import type { CrossChainProvider, EvmProviderTransaction, ProviderQuote } from '../types'
import type { AcrossContext } from './acrossContext'
import { computeAcrossOutput } from './acrossFees'
import { acrossSpokePoolAbi } from './acrossSpokePoolAbi'
import { FILL_DEADLINE_SEC, QUOTE_TIMESTAMP_LAG_SEC } from './acrossTimings'

/** What `buildTransaction` reads of a posted quote's `details` (`quote` writes them). */
const acrossDetails = z.object({
  inputToken: postedFields.address,
  inputAmount: postedFields.uint256,
  exactOutput: z.boolean().optional(),
  feeBps: postedFields.feeBps,
  feeRecipient: postedFields.address,
  // the SpokePool's uint32 timestamps
  quoteTimestamp: postedFields.uint32,
  fillDeadline: postedFields.uint32,
  handler: postedFields.address.optional(),
})

/**
 * The origin transaction of an Across `quote` (as posted back, so every detail is checked again): our
 * AcrossEntry's `swapAndDeposit` (origin swap, integrator fee, deposit with the caller's company tag from
 * `options.tagIntegrator`), or the SpokePool's plain `depositV3` on a chain without our entry; the recipient is
 * the receiver, or our handler with a `DestinationSwap` message. Throws AppError NO_ROUTE when Across does not
 * serve the chains, QUOTE_EXPIRED past the quote's or the fill's deadline, and INVALID_PARAMS naming the
 * posted field that is not what the quote carried.
 */
export async function buildAcrossTransaction(
  context: AcrossContext,
  quote: ProviderQuote,
  options?: Parameters<CrossChainProvider['buildTransaction']>[1],
): Promise<EvmProviderTransaction> {
  const { request, details } = quote
  const now = context.now
  const origin = context.deploymentOf(request.from.chainId)
  const destination = context.deploymentOf(request.to.chainId)
  if (origin?.across === undefined || destination?.across === undefined)
    throw new AppError('NO_ROUTE', 'Across does not serve these chains', { details: {} })
  const posted = parsePostedDetails(acrossDetails, details)
  const inputToken = getAddress(posted.inputToken)
  const input = origin.across.assets.find((a) => isAddressEqual(a.token, inputToken))
  const output = destination.across.assets.find((a) => a.asset === input?.asset)
  if (input === undefined || output === undefined) throw badPostedField('outputToken')
  const { fillDeadline, quoteTimestamp } = posted
  if (quote.expiresAt <= now() || fillDeadline <= now())
    throw new AppError('QUOTE_EXPIRED', 'The Across quote has expired: quote again', {
      details: { expiresAt: quote.expiresAt },
    })
  if (fillDeadline > quoteTimestamp + QUOTE_TIMESTAMP_LAG_SEC + FILL_DEADLINE_SEC)
    throw badPostedField('fillDeadline')
  const depositAmount = BigInt(posted.inputAmount)
  const feeBps = posted.feeBps
  const originSteps = stepsFromJson(details.originSteps, 'originSteps')
  const tokenIn = getAddress(request.from.address)
  const native = isNativeAddress(tokenIn)
  const directIn =
    isAddressEqual(tokenIn, input.token) || (native && isAddressEqual(input.token, origin.wrappedNative))
  // a direct deposit and its fee fit in the input; a swap's min-out is deposit plus fee, checked on chain
  const needed = depositAmount + computeIntegratorFee(depositAmount, BigInt(feeBps))
  if (depositAmount <= 0n || (directIn && (needed > request.amountIn || originSteps.length > 0)))
    throw badPostedField('inputAmount')
  // the output is the fee rule's (or the exact amount asked, which it covers), whatever came back
  const ruled = computeAcrossOutput(depositAmount, input.decimals, output.decimals).outputAmount
  const outputAmount = posted.exactOutput === true ? quote.amountOut : ruled
  if (outputAmount > ruled || outputAmount <= 0n) throw badPostedField('outputAmount')
  const handler = getAddress(posted.handler ?? zeroAddress)
  const swap = !isNativeAddress(handler)
  if (
    swap &&
    (destination.across.handler === undefined || !isAddressEqual(handler, destination.across.handler))
  )
    throw badPostedField('handler')
  const receiver = getAddress(request.receiver)
  const tokenOut = getAddress(request.to.address)
  const message: Hex = swap
    ? encodeAbiParameters(
        [destinationSwapParameter],
        [
          {
            receiver,
            tokenOut,
            minAmountOut: quote.amountOutMin,
            deadline: BigInt(fillDeadline),
            steps: stepsFromJson(details.destinationSteps, 'destinationSteps'),
          },
        ],
      )
    : '0x'
  const entry = origin.across.entry
  if (entry === undefined) {
    if (!directIn || feeBps > 0) throw badPostedField('entry')
    return {
      family: 'evm',
      chainId: origin.chainId,
      to: origin.across.spokePool,
      data: encodeFunctionData({
        abi: acrossSpokePoolAbi,
        functionName: 'depositV3',
        args: [
          getAddress(request.sender),
          swap ? handler : receiver,
          input.token,
          output.token,
          depositAmount,
          outputAmount,
          BigInt(destination.chainId),
          zeroAddress,
          quoteTimestamp,
          fillDeadline,
          0,
          message,
        ],
      }),
      value: native ? depositAmount : 0n,
      ...(native
        ? {}
        : { approval: { token: input.token, spender: origin.across.spokePool, amount: depositAmount } }),
    }
  }
  const deposit = {
    tokenIn,
    amountIn: request.amountIn,
    deadline: BigInt(quote.expiresAt),
    inputToken: input.token,
    inputAmount: depositAmount,
    outputToken: output.token,
    outputAmount,
    destinationChainId: BigInt(destination.chainId),
    recipient: swap ? handler : receiver,
    quoteTimestamp,
    fillDeadline,
    message,
    feeRecipient: getAddress(posted.feeRecipient),
    feeBps,
    integratorId:
      options?.tagIntegrator?.({
        contract: entry,
        sender: getAddress(request.sender),
        receiver,
        tokenIn,
        tokenOut,
      }) ?? zeroHash,
  }
  return {
    family: 'evm',
    chainId: origin.chainId,
    to: entry,
    data: encodeFunctionData({
      abi: acrossEntryAbi,
      functionName: 'swapAndDeposit',
      args: [deposit, originSteps, { receiver, tokenOut }],
    }),
    value: native ? request.amountIn : 0n,
    ...(native ? {} : { approval: { token: tokenIn, spender: entry, amount: request.amountIn } }),
  }
}
