import {
  type Address,
  encodeAbiParameters,
  getAddress,
  type Hex,
  isAddressEqual,
  pad,
  zeroAddress,
} from 'viem'
import type { ChainDeployment, StargatePoolInfo } from '../../chains/deployment'
import type { ChainMarket } from '../../market/createChainMarket'
import type { RouteStepQuote } from '../../routing/quoteRouteSteps'
import type { ContractStep } from '../../routing/toContractSteps'
import { computeIntegratorFee } from '../computeIntegratorFee'
import { computeMinAfterSlippage } from '../computeMinAfterSlippage'
import { computeSlippageBps } from '../computeSlippageBps'
import { stepsToJson } from '../contractStepsJson'
import { isNativeAddress } from '../isNativeAddress'
import type { ProviderQuote, ProviderQuoteRequest, ProviderSwapLeg } from '../types'
import { computeComposeGas } from './computeComposeGas'
import { computeRemoteAmountLD } from './computeRemoteAmountLD'
import { computeStargateProtocolFee } from './computeStargateProtocolFee'
import { encodeExecutorOptions } from './encodeExecutorOptions'
import { planPathSteps } from './planPathSteps'
import type { StargateContext } from './stargateContext'
import { destinationSwapParameter, stargatePoolAbi } from './stargatePoolAbi'

/** How long the destination swap may wait for delivery before it pays the bridged asset instead. */
const DESTINATION_DEADLINE_SEC = 3_600
/** Stargate's taxi (one message per send), seconds per chain pair on the devnet relayer's pace. */
const TAXI_SECONDS = 60

/**
 * The Stargate quote for `request` over `pool` on the origin and `remote` (the same asset) on the destination:
 * one path into the pool's asset on the origin when the input is another token, the integrator's fee, what
 * arrives by the pool's own `quoteOFT` (converted to the destination pool's decimals), the composer's swap
 * to the requested token, and the native fee by `quoteSend` with the compose message and gas. Undefined when
 * the pair needs a swap of a native pool asset or the chains are not Stargate's; throws what planning a swap
 * or the pools' reads throw.
 */
export async function quoteStargateOverPool(
  context: StargateContext,
  params: {
    request: ProviderQuoteRequest
    origin: ChainDeployment
    destination: ChainDeployment
    originMarket: ChainMarket
    destinationMarket: ChainMarket
    pool: StargatePoolInfo
    remote: StargatePoolInfo
  },
): Promise<ProviderQuote | undefined> {
  const { request, origin, destination, originMarket, destinationMarket, pool, remote } = params
  if (
    origin.stargate === undefined ||
    destination.stargate === undefined ||
    destination.layerZero === undefined
  )
    return undefined
  const slippageBps = computeSlippageBps(request.slippage)
  const fromAddress = getAddress(request.from.address)
  const toAddress = getAddress(request.to.address)
  // origin: the input is the pool's asset, or one path swaps it into the pool's (ERC-20) asset
  let bridged = request.amountIn
  let originSteps: ContractStep[] = []
  let originPlan: readonly RouteStepQuote[] = []
  if (!isAddressEqual(fromAddress, pool.token)) {
    if (isNativeAddress(pool.token)) return undefined
    const planned = planPathSteps(originMarket, {
      tokenIn: isNativeAddress(fromAddress) ? origin.wrappedNative : fromAddress,
      tokenOut: pool.token,
      amountIn: request.amountIn,
      chosen: request.legs?.source,
    })
    originSteps = planned.steps
    originPlan = planned.plan
    bridged = planned.amountOut
  }
  const swapOut = bridged
  const minBridgeAmount = originSteps.length === 0 ? 0n : computeMinAfterSlippage(bridged, slippageBps)
  // the integrator's fee leaves the bridged asset before the send, as StargateEntry computes it
  const feeBps = BigInt(request.integratorFee?.bps ?? 0)
  const integratorFee = computeIntegratorFee(bridged, feeBps)
  bridged -= integratorFee
  // destination: the pool's asset is the output, or the composer swaps it along one path
  const composeSwap = !isAddressEqual(toAddress, remote.token)
  if (composeSwap && isNativeAddress(remote.token)) return undefined
  const probe = {
    dstEid: destination.layerZero.eid,
    to: pad(composeSwap ? destination.stargate.composer : (request.receiver as Address)),
    amountLD: bridged,
    minAmountLD: 0n,
    extraOptions: '0x' as Hex,
    composeMsg: '0x' as Hex,
    oftCmd: '0x' as Hex,
  }
  const [[, , oft], sharedDecimals] = await Promise.all([
    originMarket.client.readContract({
      address: pool.pool,
      abi: stargatePoolAbi,
      functionName: 'quoteOFT',
      args: [probe],
    }),
    context.readSharedDecimals(origin.chainId, pool.pool),
  ])
  // quoteOFT answers in the origin pool's decimals; the destination pool pays the same shared amount in
  // its own (BNB Chain's USDC and USDT have 18, Ethereum's 6)
  const toDestination = (amountLD: bigint) =>
    computeRemoteAmountLD({
      amountLD,
      localDecimals: pool.decimals,
      remoteDecimals: remote.decimals,
      sharedDecimals,
    })
  const arriving = toDestination(oft.amountReceivedLD)
  let amountOut = arriving
  let destinationSteps: ContractStep[] = []
  let destinationPlan: readonly RouteStepQuote[] = []
  if (composeSwap) {
    const planned = planPathSteps(destinationMarket, {
      tokenIn: remote.token,
      tokenOut: isNativeAddress(toAddress) ? destination.wrappedNative : toAddress,
      amountIn: arriving,
      chosen: request.legs?.destination,
    })
    destinationSteps = planned.steps
    destinationPlan = planned.plan
    amountOut = planned.amountOut
  }
  const amountOutMin = computeMinAfterSlippage(amountOut, slippageBps)
  const sourceLeg: ProviderSwapLeg | undefined =
    originSteps.length === 0
      ? undefined
      : {
          chainId: origin.chainId,
          tokenIn: fromAddress,
          tokenOut: pool.token,
          amountIn: request.amountIn,
          amountOut: swapOut,
          exactOut: false,
          amountOutMin: minBridgeAmount,
          plan: originPlan,
        }
  const destinationLeg: ProviderSwapLeg | undefined = composeSwap
    ? {
        chainId: destination.chainId,
        tokenIn: remote.token,
        tokenOut: toAddress,
        amountIn: arriving,
        amountOut,
        exactOut: false,
        amountOutMin,
        plan: destinationPlan,
      }
    : undefined
  const deadline = context.now() + DESTINATION_DEADLINE_SEC
  const dst = {
    receiver: getAddress(request.receiver),
    tokenOut: toAddress,
    minAmountOut: amountOutMin,
    deadline: BigInt(deadline),
    steps: destinationSteps,
  }
  const extraOptions = composeSwap
    ? encodeExecutorOptions({ lzCompose: [{ index: 0, gas: computeComposeGas(destinationSteps.length) }] })
    : ('0x' as Hex)
  // the pool checks this minimum on the origin, in the origin pool's decimals
  const minAmountLD =
    originSteps.length === 0
      ? oft.amountReceivedLD
      : computeMinAfterSlippage(oft.amountReceivedLD, slippageBps)
  const fee = await originMarket.client.readContract({
    address: pool.pool,
    abi: stargatePoolAbi,
    functionName: 'quoteSend',
    args: [
      {
        ...probe,
        minAmountLD,
        extraOptions,
        composeMsg: composeSwap ? encodeAbiParameters([destinationSwapParameter], [dst]) : '0x',
      },
      false,
    ],
  })
  return {
    providerId: 'stargate',
    request,
    amountOut,
    amountOutMin: composeSwap ? amountOutMin : toDestination(minAmountLD),
    fees: [
      {
        // Stargate's own fee, taken from the bridged asset on the origin (a reward shows as none)
        kind: 'protocol',
        asset: { chainId: origin.chainId, address: pool.token, decimals: pool.decimals },
        amount: computeStargateProtocolFee(oft),
      },
      {
        kind: 'integrator',
        asset: { chainId: origin.chainId, address: pool.token, decimals: pool.decimals },
        amount: integratorFee,
      },
      {
        kind: 'gas',
        asset: { chainId: origin.chainId, address: zeroAddress, decimals: 18 },
        amount: fee.nativeFee,
      },
    ],
    estimatedDurationSec: TAXI_SECONDS,
    route: {
      via: pool.symbol,
      sourceSwap: originSteps.length > 0,
      destinationSwap: composeSwap,
      ...(sourceLeg === undefined ? {} : { sourceLeg }),
      ...(destinationLeg === undefined ? {} : { destinationLeg }),
    },
    expiresAt: deadline,
    nativeFee: fee.nativeFee,
    details: {
      bridgeAsset: pool.symbol,
      // Base units of the bridge asset the destination receives, in its decimals there (what a failed
      // destination swap pays).
      bridgeAmount: arriving.toString(),
      pool: pool.pool,
      dstEid: destination.layerZero.eid,
      composer: composeSwap ? destination.stargate.composer : zeroAddress,
      // Base units of the origin pool's asset: the origin swap's minimum and the pool's minimum.
      minBridgeAmount: minBridgeAmount.toString(),
      feeBps: Number(feeBps),
      feeRecipient: request.integratorFee?.recipient ?? zeroAddress,
      minAmountLD: minAmountLD.toString(),
      extraOptions,
      deadline,
      originSteps: stepsToJson(originSteps),
      destinationSteps: stepsToJson(destinationSteps),
    },
  }
}
