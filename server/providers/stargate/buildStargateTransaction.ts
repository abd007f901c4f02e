import { encodeFunctionData, getAddress, type Hex, isAddressEqual, zeroHash } from 'viem'
import { z } from 'zod'
import { stargateEntryAbi } from '../../../contracts/artifacts'
import { AppError } from '../../errors'
import { stepsFromJson } from '../contractStepsJson'
import { isNativeAddress } from '../isNativeAddress'
import { badPostedField, parsePostedDetails, postedFields } from '../parsePostedDetails'
import type { CrossChainProvider, EvmProviderTransaction, ProviderQuote } from '../types'
import type { StargateContext } from './stargateContext'

/** What `buildTransaction` reads of a posted quote's `details` (`quote` writes them). */
const stargateDetails = z.object({
  pool: postedFields.address,
  composer: postedFields.address,
  dstEid: z.number().int(),
  minBridgeAmount: postedFields.uint256,
  exactAmountLD: postedFields.uint256.optional(),
  minAmountLD: postedFields.uint256,
  extraOptions: postedFields.bytes,
  feeRecipient: postedFields.address,
  feeBps: postedFields.feeBps,
  deadline: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
})

/**
 * The origin transaction of a Stargate `quote` (as posted back, so every detail is checked again): our
 * StargateEntry's `swapAndSend` with the origin swap, the pool send and the composer's destination swap, the
 * native fee (plus a native input) as value and the caller's company tag from `options.tagIntegrator`. Throws
 * AppError NO_ROUTE when Stargate does not serve the chains, QUOTE_EXPIRED past the quote's deadline, and
 * INVALID_PARAMS naming the posted field that is not what the quote carried.
 */
export async function buildStargateTransaction(
  context: StargateContext,
  quote: ProviderQuote,
  options?: Parameters<CrossChainProvider['buildTransaction']>[1],
): Promise<EvmProviderTransaction> {
  const { request, details } = quote
  const origin = context.deploymentOf(request.from.chainId)
  const destination = context.deploymentOf(request.to.chainId)
  if (
    origin?.stargate === undefined ||
    destination?.stargate === undefined ||
    destination.layerZero === undefined
  )
    throw new AppError('NO_ROUTE', 'Stargate does not serve these chains', { details: {} })
  const posted = parsePostedDetails(stargateDetails, details)
  const poolAddress = getAddress(posted.pool)
  const pool = origin.stargate.pools.find((p) => isAddressEqual(p.pool, poolAddress))
  if (pool === undefined) throw badPostedField('pool')
  const composer = getAddress(posted.composer)
  if (!isNativeAddress(composer) && !isAddressEqual(composer, destination.stargate.composer))
    throw badPostedField('composer')
  if (details.dstEid !== destination.layerZero.eid) throw badPostedField('dstEid')
  const deadline = posted.deadline
  if (deadline <= context.now())
    throw new AppError('QUOTE_EXPIRED', 'The Stargate quote has expired: quote again', {
      details: { deadline },
    })
  const tokenIn = getAddress(request.from.address)
  const cross = {
    tokenIn,
    amountIn: request.amountIn,
    minBridgeAmount: BigInt(posted.minBridgeAmount),
    exactAmountLD: BigInt(posted.exactAmountLD ?? '0'),
    deadline: BigInt(deadline),
    pool: pool.pool,
    dstEid: destination.layerZero.eid,
    composer,
    minAmountLD: BigInt(posted.minAmountLD),
    extraOptions: posted.extraOptions as Hex,
    nativeFee: quote.nativeFee,
    feeRecipient: getAddress(posted.feeRecipient),
    feeBps: posted.feeBps,
    integratorId:
      options?.tagIntegrator?.({
        contract: origin.stargate.entry,
        sender: getAddress(request.sender),
        receiver: getAddress(request.receiver),
        tokenIn,
        tokenOut: getAddress(request.to.address),
      }) ?? zeroHash,
  }
  const dst = {
    receiver: getAddress(request.receiver),
    tokenOut: getAddress(request.to.address),
    minAmountOut: quote.amountOutMin,
    deadline: BigInt(deadline),
    steps: stepsFromJson(details.destinationSteps, 'destinationSteps'),
  }
  const value = quote.nativeFee + (isNativeAddress(tokenIn) ? request.amountIn : 0n)
  return {
    family: 'evm',
    chainId: origin.chainId,
    to: origin.stargate.entry,
    data: encodeFunctionData({
      abi: stargateEntryAbi,
      functionName: 'swapAndSend',
      args: [cross, stepsFromJson(details.originSteps, 'originSteps'), dst],
    }),
    value,
    ...(isNativeAddress(tokenIn)
      ? {}
      : { approval: { token: tokenIn, spender: origin.stargate.entry, amount: request.amountIn } }),
  }
}
