import { getAddress, isAddressEqual, zeroAddress } from 'viem'
import { getEvmChainInfo } from '../../chains/chainInfo'
import type { AcrossAssetInfo, ChainDeployment } from '../../chains/deployment'
import type { RouteStepQuote } from '../../routing/quoteRouteSteps'
import type { ContractStep } from '../../routing/toContractSteps'
import { computeIntegratorFee } from '../computeIntegratorFee'
import { computeMinAfterSlippage } from '../computeMinAfterSlippage'
import { computeSlippageBps } from '../computeSlippageBps'
import { stepsToJson } from '../contractStepsJson'
import { isNativeAddress } from '../isNativeAddress'
import { planPathSteps } from '../stargate/planPathSteps'
import type { ProviderQuote, ProviderQuoteRequest, ProviderSwapLeg } from '../types'
import type { AcrossContext } from './acrossContext'
import { computeAcrossInputForOutput, computeAcrossOutput, convertDecimals } from './acrossFees'
import {
  FILL_DEADLINE_SEC,
  FILLER_REACTION_SEC,
  QUOTE_TIMESTAMP_LAG_SEC,
  QUOTE_TTL_SEC,
} from './acrossTimings'
import { computeAmountCoveringSlippage } from './computeAmountCoveringSlippage'
import { computeDepositWithinBudget } from './computeDepositWithinBudget'
import { getAcrossRelayerInventory } from './getAcrossRelayerInventory'
import { planOriginSwapForOutput } from './planOriginSwapForOutput'

/** A chain's block time in whole seconds, rounded up (12 s for a chain `chainInfo` does not know). */
const blockTimeSec = (chainId: number) => Math.ceil((getEvmChainInfo(chainId)?.blockTimeMs ?? 12_000) / 1000)

/**
 * The Across quote for `request` bridging `input` (an Across asset of `origin`) to the same asset on
 * `destination`: the origin swap into it when the input is another token (one path, exact-out for an exact
 * output), the deposit and its integrator fee, the relayer's fee-ruled output, and the destination swap
 * through our handler when the requested token is not the bridged one (also the wrapped native itself, which
 * the SpokePool would pay an account as native coin: the handler pays it as the token). Undefined when this
 * asset cannot carry the request (no such asset, no entry for a swap or fee, no handler, too little relayer
 * inventory, a zero output, an exact output that would need a destination swap). Throws what planning a swap
 * or reading the relayers' balances throws.
 */
export async function quoteAcrossOverAsset(
  context: AcrossContext,
  params: {
    request: ProviderQuoteRequest
    origin: ChainDeployment
    destination: ChainDeployment
    input: AcrossAssetInfo
  },
): Promise<ProviderQuote | undefined> {
  const { markets } = context
  const { request, origin, destination, input } = params
  if (origin.across === undefined || destination.across === undefined) return undefined
  const output = destination.across.assets.find((a) => a.asset === input.asset)
  if (output === undefined) return undefined
  const entry = origin.across.entry
  const fromAddress = getAddress(request.from.address)
  const toAddress = getAddress(request.to.address)
  const directIn =
    isAddressEqual(fromAddress, input.token) ||
    (isNativeAddress(fromAddress) && isAddressEqual(input.token, origin.wrappedNative))
  const feeBps = BigInt(request.integratorFee?.bps ?? 0)
  // without our entry: only the deposit of the input itself, without a fee
  if (entry === undefined && (!directIn || feeBps > 0n)) return undefined
  // the fill pays the requested token itself: no destination swap
  const direct =
    isAddressEqual(toAddress, output.token) ||
    (isNativeAddress(toAddress) && isAddressEqual(output.token, destination.wrappedNative))
  // the SpokePool pays the wrapped native to an account as native coin: one who asked for the wrapped token
  // gets it through our handler, which pays what it receives (a contract gets the token) without a swap
  const wrappedOut =
    isAddressEqual(toAddress, output.token) && isAddressEqual(output.token, destination.wrappedNative)
  const throughHandler = !direct || wrappedOut
  const exact = request.exactAmountOut
  // exact output: only without a destination swap (the fill itself pays an exact amount)
  if (exact !== undefined && !direct) return undefined
  const slippageBps = computeSlippageBps(request.slippage)
  let amountIn = request.amountIn
  let depositAmount: bigint
  let originSteps: ContractStep[] = []
  let originPlan: readonly RouteStepQuote[] = []
  let swapOut: bigint | undefined
  const originTokenIn = isNativeAddress(fromAddress) ? origin.wrappedNative : fromAddress
  const chosenOrigin = request.legs?.source
  if (exact !== undefined) {
    depositAmount = computeAcrossInputForOutput(exact, input.decimals, output.decimals)
    amountIn = depositAmount + computeIntegratorFee(depositAmount, feeBps)
    if (!directIn) {
      // the swap must cover deposit and fee even after the slippage: the margin comes back as surplus
      const planned = planOriginSwapForOutput(markets.get(origin.chainId), {
        tokenIn: originTokenIn,
        tokenOut: input.token,
        amountOut: computeAmountCoveringSlippage(amountIn, slippageBps),
        chosen: chosenOrigin,
      })
      originSteps = planned.steps
      originPlan = planned.plan
      amountIn = planned.amountIn
      swapOut = planned.amountOut
    }
  } else {
    let available = request.amountIn
    if (!directIn) {
      const planned = planPathSteps(markets.get(origin.chainId), {
        tokenIn: originTokenIn,
        tokenOut: input.token,
        amountIn: request.amountIn,
        chosen: chosenOrigin,
      })
      originSteps = planned.steps
      originPlan = planned.plan
      swapOut = planned.amountOut
      // the deposit is fixed when signing: what the swap pays at the slippage limit, the rest comes back
      available = computeMinAfterSlippage(planned.amountOut, slippageBps)
    }
    depositAmount = computeDepositWithinBudget(available, feeBps)
  }
  const integratorFee = computeIntegratorFee(depositAmount, feeBps)
  const outputAmount =
    exact ?? computeAcrossOutput(depositAmount, input.decimals, output.decimals).outputAmount
  const relayerFee = convertDecimals(depositAmount, input.decimals, output.decimals) - outputAmount
  if (
    outputAmount <= 0n ||
    (await getAcrossRelayerInventory(context, destination, output.token)) < outputAmount
  )
    return undefined
  let amountOut = outputAmount
  let destinationSteps: ContractStep[] = []
  let destinationLeg: ProviderSwapLeg | undefined
  if (throughHandler && destination.across.handler === undefined) return undefined
  if (!direct) {
    const planned = planPathSteps(markets.get(destination.chainId), {
      tokenIn: output.token,
      tokenOut: isNativeAddress(toAddress) ? destination.wrappedNative : toAddress,
      amountIn: outputAmount,
      chosen: request.legs?.destination,
    })
    destinationSteps = planned.steps
    amountOut = planned.amountOut
    destinationLeg = {
      chainId: destination.chainId,
      tokenIn: output.token,
      tokenOut: toAddress,
      amountIn: outputAmount,
      amountOut,
      exactOut: false,
      amountOutMin: computeMinAfterSlippage(amountOut, slippageBps),
      plan: planned.plan,
    }
  }
  const at = context.now()
  const inputAsset = { chainId: origin.chainId, address: input.token, decimals: input.decimals }
  // the entry's min-out of the origin swap is deposit plus fee (the rest comes back to the sender)
  const sourceLeg: ProviderSwapLeg | undefined =
    swapOut === undefined
      ? undefined
      : {
          chainId: origin.chainId,
          tokenIn: fromAddress,
          tokenOut: input.token,
          amountIn,
          amountOut: swapOut,
          exactOut: exact !== undefined,
          amountOutMin: depositAmount + integratorFee,
          plan: originPlan,
        }
  return {
    providerId: 'across',
    request: { ...request, amountIn },
    amountOut,
    amountOutMin: destinationLeg?.amountOutMin ?? outputAmount,
    fees: [
      {
        kind: 'relayer',
        asset: { chainId: destination.chainId, address: output.token, decimals: output.decimals },
        amount: relayerFee,
      },
      ...(request.integratorFee === undefined
        ? []
        : [{ kind: 'integrator' as const, asset: inputAsset, amount: integratorFee }]),
    ],
    route: {
      via: input.asset,
      sourceSwap: originSteps.length > 0,
      destinationSwap: destinationSteps.length > 0,
      ...(sourceLeg === undefined ? {} : { sourceLeg }),
      ...(destinationLeg === undefined ? {} : { destinationLeg }),
    },
    estimatedDurationSec:
      blockTimeSec(origin.chainId) + blockTimeSec(destination.chainId) + FILLER_REACTION_SEC,
    expiresAt: at + QUOTE_TTL_SEC,
    nativeFee: 0n,
    details: {
      bridgeAsset: input.asset,
      spokePool: origin.across.spokePool,
      entry: entry ?? zeroAddress,
      inputToken: input.token,
      // Base units of the input token deposited (the swap's output less fee and surplus).
      inputAmount: depositAmount.toString(),
      outputToken: output.token,
      outputAmount: outputAmount.toString(),
      exactOutput: exact !== undefined,
      relayerFee: relayerFee.toString(),
      // Base units of the input token the origin swap is expected to pay (what exceeds deposit and fee
      // comes back to the sender), absent without an origin swap.
      ...(swapOut === undefined ? {} : { originSwapAmount: swapOut.toString() }),
      feeBps: Number(feeBps),
      feeRecipient: request.integratorFee?.recipient ?? zeroAddress,
      quoteTimestamp: at - QUOTE_TIMESTAMP_LAG_SEC,
      fillDeadline: at + FILL_DEADLINE_SEC,
      handler: throughHandler ? (destination.across.handler ?? zeroAddress) : zeroAddress,
      originSteps: stepsToJson(originSteps),
      destinationSteps: stepsToJson(destinationSteps),
    },
  }
}
