import { type Address, getAddress, type Hex, isAddressEqual, pad, zeroAddress } from 'viem'
import type { ChainDeployment, StargatePoolInfo } from '../../chains/deployment'
import { AppError } from '../../errors'
import type { ChainMarket } from '../../market/createChainMarket'
import type { RouteStepQuote } from '../../routing/quoteRouteSteps'
import type { ContractStep } from '../../routing/toContractSteps'
import { computeAmountCoveringSlippage } from '../across/computeAmountCoveringSlippage'
import { planOriginSwapForOutput } from '../across/planOriginSwapForOutput'
import { computeIntegratorFee } from '../computeIntegratorFee'
import { computeSlippageBps } from '../computeSlippageBps'
import { stepsToJson } from '../contractStepsJson'
import { isNativeAddress } from '../isNativeAddress'
import type { ProviderQuote, ProviderQuoteRequest, ProviderSwapLeg } from '../types'
import { computeStargateProtocolFee } from './computeStargateProtocolFee'
import { findStargateSendForReceipt } from './findStargateSendForReceipt'
import type { StargateContext } from './stargateContext'
import { stargatePoolAbi } from './stargatePoolAbi'

/** How long the quote may be sent (the entry's deadline), as the exact-input quotes of `quoteStargateOverPool`. */
const DEADLINE_SEC = 3_600
/** Stargate's taxi (one message per send), seconds per chain pair on the devnet relayer's pace. */
const TAXI_SECONDS = 60

/** The pool's 10^(its decimals - shared decimals): the unit it sends in, the dust below it left behind. */
const rateOf = (decimals: number, sharedDecimals: number) => 10n ** BigInt(decimals - sharedDecimals)

/**
 * The Stargate quote for an exact output (`request.exactAmountOut` of `request.to`, which must be `remote`'s asset
 * itself: a destination swap is not exact) over `pool` on the origin and `remote` on the destination. Stargate's
 * fee on a known amount is known, so the least amount the pool must send for exactly that much to arrive is found
 * with its own `quoteOFT` (`findStargateSendForReceipt`); our entry sends exactly it (`exactAmountLD`), the
 * integrator's fee on it besides, from the input itself or from an origin swap planned to pay both even at the
 * slippage limit (`planOriginSwapForOutput`; the margin comes back to the sender). The pool's minimum is the
 * output itself, so the send reverts rather than deliver less. Undefined when the pool cannot carry it (a native
 * pool from a token, a destination swap, no amount arriving exactly); throws AppError INVALID_PARAMS when the
 * amount is not a whole number of the 6 decimals Stargate carries in the destination pool's decimals, and what
 * the pools' reads and the swap's planning throw.
 */
export async function quoteStargateExactOverPool(
  context: StargateContext,
  params: {
    request: ProviderQuoteRequest
    exactAmountOut: bigint
    origin: ChainDeployment
    destination: ChainDeployment
    originMarket: ChainMarket
    pool: StargatePoolInfo
    remote: StargatePoolInfo
  },
): Promise<ProviderQuote | undefined> {
  const { request, exactAmountOut, origin, destination, originMarket, pool, remote } = params
  if (destination.layerZero === undefined) return undefined
  const fromAddress = getAddress(request.from.address)
  const toAddress = getAddress(request.to.address)
  if (!isAddressEqual(toAddress, remote.token)) return undefined
  const directIn = isAddressEqual(fromAddress, pool.token)
  if (!directIn && isNativeAddress(pool.token)) return undefined
  const sharedDecimals = await context.readSharedDecimals(origin.chainId, pool.pool)
  const remoteRate = rateOf(remote.decimals, sharedDecimals)
  if (exactAmountOut % remoteRate !== 0n)
    throw new AppError(
      'INVALID_PARAMS',
      `Stargate carries ${sharedDecimals} decimals: an exact output of ${remote.symbol} in its ${remote.decimals} decimals must be a multiple of ${remoteRate} base units`,
      {
        details: {
          param: 'amount',
          provider: 'stargate',
          multipleOf: remoteRate.toString(),
          below: (exactAmountOut - (exactAmountOut % remoteRate)).toString(),
        },
      },
    )
  const rate = rateOf(pool.decimals, sharedDecimals)
  // what must arrive, in the origin pool's decimals (quoteOFT's and the pool's minimum's)
  const targetLD = (exactAmountOut / remoteRate) * rate
  const probe = (amountLD: bigint, minAmountLD: bigint) => ({
    dstEid: destination.layerZero?.eid ?? 0,
    to: pad(request.receiver as Address),
    amountLD,
    minAmountLD,
    extraOptions: '0x' as Hex,
    composeMsg: '0x' as Hex,
    oftCmd: '0x' as Hex,
  })
  const quoteOFT = (amountLD: bigint) =>
    originMarket.client.readContract({
      address: pool.pool,
      abi: stargatePoolAbi,
      functionName: 'quoteOFT',
      args: [probe(amountLD, 0n)],
    })
  const sendLD = await findStargateSendForReceipt({
    targetLD,
    rate,
    received: async (amountLD) => (await quoteOFT(amountLD))[2].amountReceivedLD,
  })
  if (sendLD === undefined) return undefined
  const feeBps = BigInt(request.integratorFee?.bps ?? 0)
  const integratorFee = computeIntegratorFee(sendLD, feeBps)
  const needed = sendLD + integratorFee
  let amountIn = needed
  let originSteps: ContractStep[] = []
  let sourceLeg: ProviderSwapLeg | undefined
  if (!directIn) {
    const slippageBps = computeSlippageBps(request.slippage)
    const planned = planOriginSwapForOutput(originMarket, {
      tokenIn: isNativeAddress(fromAddress) ? origin.wrappedNative : fromAddress,
      tokenOut: pool.token,
      amountOut: computeAmountCoveringSlippage(needed, slippageBps),
      chosen: request.legs?.source,
    })
    originSteps = planned.steps
    amountIn = planned.amountIn
    const plan: readonly RouteStepQuote[] = planned.plan
    sourceLeg = {
      chainId: origin.chainId,
      tokenIn: fromAddress,
      tokenOut: pool.token,
      amountIn,
      amountOut: planned.amountOut,
      exactOut: true,
      amountOutMin: needed,
      plan,
    }
  }
  const [[, , oft], fee] = await Promise.all([
    quoteOFT(sendLD),
    originMarket.client.readContract({
      address: pool.pool,
      abi: stargatePoolAbi,
      functionName: 'quoteSend',
      args: [probe(sendLD, targetLD), false],
    }),
  ])
  const deadline = context.now() + DEADLINE_SEC
  const poolAsset = { chainId: origin.chainId, address: pool.token, decimals: pool.decimals }
  return {
    providerId: 'stargate',
    request: { ...request, amountIn },
    amountOut: exactAmountOut,
    amountOutMin: exactAmountOut,
    fees: [
      { kind: 'protocol', asset: poolAsset, amount: computeStargateProtocolFee(oft) },
      { kind: 'integrator', asset: poolAsset, amount: integratorFee },
      {
        kind: 'gas',
        asset: { chainId: origin.chainId, address: zeroAddress, decimals: 18 },
        amount: fee.nativeFee,
      },
    ],
    estimatedDurationSec: TAXI_SECONDS,
    route: {
      via: pool.symbol,
      sourceSwap: sourceLeg !== undefined,
      destinationSwap: false,
      ...(sourceLeg === undefined ? {} : { sourceLeg }),
    },
    expiresAt: deadline,
    nativeFee: fee.nativeFee,
    details: {
      bridgeAsset: pool.symbol,
      bridgeAmount: exactAmountOut.toString(),
      pool: pool.pool,
      dstEid: destination.layerZero.eid,
      composer: zeroAddress,
      // Base units of the origin pool's asset: what the entry sends exactly, the swap's minimum (that plus the
      // integrator's fee) and the pool's minimum (what must arrive).
      exactAmountLD: sendLD.toString(),
      minBridgeAmount: (directIn ? 0n : needed).toString(),
      feeBps: Number(feeBps),
      feeRecipient: request.integratorFee?.recipient ?? zeroAddress,
      minAmountLD: targetLD.toString(),
      extraOptions: '0x',
      deadline,
      exactOutput: true,
      originSteps: stepsToJson(originSteps),
      destinationSteps: [],
    },
  }
}
