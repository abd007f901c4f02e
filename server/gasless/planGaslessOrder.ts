import { type Address, erc20Abi, getAddress } from 'viem'
import { readFromNode } from '../chains/readFromNode'
import { AppError } from '../errors'
import type { QuoteContext } from '../quotes/planSingleQuotes'
import { planSingleQuotes } from '../quotes/planSingleQuotes'
import { resolveTradePair } from '../quotes/resolveTradeTokens'
import { SingleQuoteQuerySchema } from '../quotes/singleQuoteQuery'
import { STEP_SHARE_ONE } from '../routing/quoteRouteSteps'
import { computeGaslessFee, gaslessGasUnits } from './computeGaslessFee'
import { type GaslessOrder, hashRoute, type RouteStep } from './gaslessOrderTypes'

/** Where gasless orders run on a chain: our settlement, Permit2 and the relayer's address. */
export interface GaslessChain {
  settlement: Address
  permit2: Address
  relayer: Address
}

export interface GaslessPlanParams {
  srcToken: Address
  dstToken: Address
  /** What the user signs over (fee included), base units of srcToken. */
  amount: bigint
  sender: Address
  receiver?: Address | undefined
  /** Fraction, e.g. 0.005. */
  slippage?: number | undefined
}

/** An estimated gasless order: the order to sign (but its nonce), its route and what the user needs. */
export interface GaslessPlan {
  order: GaslessOrder
  steps: RouteStep[]
  gasUnits: bigint
  gasPrice: bigint
  /** The receiver's expected output at today's pools (the signed minimum is `order.amountOutMin`). */
  amountOut: bigint
  /** The user's current Permit2 allowance of srcToken, and whether a one-time approval is needed. */
  permit2Allowance: bigint
  approvalNeeded: boolean
}

/**
 * Plans a gasless order: prices the relayer's fee (gas of the settlement with the route's steps at today's gas
 * price, with margin, in the source token: `computeGaslessFee`), quotes `amount - fee` along one path (no
 * split: every step spends all it holds, so the signed route is exact whatever the fee), and reads the user's
 * Permit2 allowance. Throws GASLESS_UNAVAILABLE for native input or an unpriceable fee, INVALID_PARAMS when
 * the fee eats the amount, and the quote's own AppErrors (NO_ROUTE, UNSUPPORTED_TOKEN, ...).
 */
export async function planGaslessOrder(
  ctx: QuoteContext,
  chain: GaslessChain,
  p: GaslessPlanParams,
): Promise<GaslessPlan> {
  const { market } = ctx
  const [tokenIn, tokenOut] = resolveTradePair(market, p.srcToken, p.dstToken)
  if (tokenIn.isNative) {
    throw new AppError('GASLESS_UNAVAILABLE', 'Gasless orders sell a token, not the native currency', {
      details: { param: 'srcToken' },
    })
  }
  const gasPrice = await readFromNode('the gas price', () => market.getGasPrice())
  const nativeUsd = market.getUsdPrice(market.deployment.wrappedNative)
  const srcUsd = market.getUsdPrice(tokenIn.address)
  const feeFor = (stepCount: number) => {
    const fee = computeGaslessFee({
      gasUnits: gaslessGasUnits(stepCount),
      gasPrice,
      nativeUsd,
      srcUsd,
      srcDecimals: tokenIn.decimals,
    })
    if (fee === undefined) {
      throw new AppError('GASLESS_UNAVAILABLE', `The relayer's fee cannot be priced in ${tokenIn.symbol}`, {
        details: { param: 'srcToken' },
      })
    }
    if (fee * 10n > p.amount) {
      throw new AppError('INVALID_PARAMS', `amount must be at least 10 times the relayer's fee (${fee})`, {
        details: { param: 'amount', fee: fee.toString() },
      })
    }
    return fee
  }
  let fee = feeFor(1)
  let quoted = await quote(ctx, p, tokenIn.address, tokenOut.address, p.amount - fee)
  if (quoted.steps.length > 1) {
    fee = feeFor(quoted.steps.length)
    quoted = await quote(ctx, p, tokenIn.address, tokenOut.address, p.amount - fee)
  }
  const permit2Allowance = await readFromNode("the owner's Permit2 allowance", () =>
    market.client.readContract({
      address: tokenIn.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [p.sender, chain.permit2],
    }),
  )
  return {
    order: {
      user: p.sender,
      receiver: p.receiver ?? p.sender,
      srcToken: tokenIn.address,
      dstToken: tokenOut.address,
      amountIn: p.amount,
      fee,
      amountOutMin: quoted.amountOutMin,
      deadline: quoted.deadline,
      tradeHash: hashRoute(quoted.steps),
    },
    steps: quoted.steps,
    gasUnits: gaslessGasUnits(quoted.steps.length),
    gasPrice,
    amountOut: quoted.amountOut,
    permit2Allowance,
    approvalNeeded: permit2Allowance < p.amount,
  }
}

async function quote(
  ctx: QuoteContext,
  p: GaslessPlanParams,
  srcToken: Address,
  dstToken: Address,
  amount: bigint,
) {
  const query = SingleQuoteQuerySchema.parse({
    fromTokenAddress: srcToken,
    toTokenAddress: dstToken,
    amount: amount.toString(),
    sender: p.sender,
    receiver: p.receiver ?? p.sender,
    isSplit: 'false',
    ...(p.slippage !== undefined ? { slippage: String(p.slippage) } : {}),
  })
  const [best] = await planSingleQuotes(query, ctx)
  const leg = best?.call?.legs[0]
  if (!best?.call || !leg || best.call.legs.length !== 1) {
    throw new AppError('GASLESS_UNAVAILABLE', 'This pair has no single-path route for a gasless order')
  }
  const steps: RouteStep[] = leg.hops.map((hop) => ({
    kind: hop.kind,
    factoryId: hop.factoryId,
    tokenIn: getAddress(hop.tokenIn),
    tokenOut: getAddress(hop.tokenOut),
    fee: hop.fee,
    share: STEP_SHARE_ONE,
  }))
  return {
    steps,
    amountOut: best.route.amountOut,
    amountOutMin: best.call.amountOut,
    deadline: best.call.deadline,
  }
}
