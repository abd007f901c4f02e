import { type Address, erc20Abi, getAddress } from 'viem'
import { readFromNode } from '../chains/readFromNode'
import { AppError } from '../errors'
import type { PlannedQuote } from '../quotes/planQuotes'
import type { QuoteContext } from '../quotes/planSingleQuotes'
import { planSingleQuotes } from '../quotes/planSingleQuotes'
import { resolveTradePair } from '../quotes/resolveTradeTokens'
import { SingleQuoteQuerySchema } from '../quotes/singleQuoteQuery'
import { computeAmountOutMin } from '../routing/computeAmountOutMin'
import { STEP_SHARE_ONE } from '../routing/quoteRouteSteps'
import { toContractLegs } from '../routing/toContractLegs'
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

/** What a gasless route is planned from: the pair, the amount the user signs over, and the quote's options. */
export interface GaslessRouteParams {
  srcToken: Address
  dstToken: Address
  /** What the user signs over (fee included), base units of srcToken. */
  amount: bigint
  /** Who gets the output; without it the quote is made without a call (`PlannedQuote.call` undefined). */
  receiver?: Address | undefined
  /** Fraction, e.g. 0.005. */
  slippage?: number | undefined
  /** Unix seconds (default: the quote's, now + 20 minutes). */
  deadline?: number | undefined
  /** As `quote/single`'s: exchanges left out, by chain id, and the largest price impact accepted. */
  excludedDexes?: Record<string, string[]> | undefined
  priceImpactProtectionPercentage?: number | undefined
}

/** A gasless order's route and fee: what both the estimate and a gasless `quote/single` answer. */
export interface GaslessRoute {
  /** The relayer's fee, base units of srcToken, taken from `amount`. */
  fee: bigint
  /** The quote of `amount - fee` along `steps` (one path). */
  quote: PlannedQuote
  steps: RouteStep[]
  gasUnits: bigint
  gasPrice: bigint
  /** The receiver's expected output at today's pools, and the least the order accepts. */
  amountOut: bigint
  amountOutMin: bigint
  deadline: bigint
}

/**
 * Plans a gasless route: prices the relayer's fee (gas of the settlement with the route's steps at today's gas
 * price, with margin, in the source token: `computeGaslessFee`) and quotes `amount - fee` along one path (no
 * split: every step spends all it holds, so the signed route is exact whatever the fee). Throws
 * GASLESS_UNAVAILABLE for native input, an unpriceable fee or a pair without a single-path route,
 * INVALID_PARAMS when the fee eats the amount, and the quote's own AppErrors (NO_ROUTE, UNSUPPORTED_TOKEN, ...).
 */
export async function planGaslessRoute(ctx: QuoteContext, p: GaslessRouteParams): Promise<GaslessRoute> {
  const { market } = ctx
  const [tokenIn, tokenOut] = resolveTradePair(market, p.srcToken, p.dstToken)
  if (tokenIn.isNative) {
    throw new AppError('GASLESS_UNAVAILABLE', 'Gasless orders sell a token, not the native currency', {
      details: { param: 'srcToken' },
    })
  }
  // today's price, not the quotes' cached one: create checks the fee against a fresh read
  const gasPrice = await readFromNode('the gas price', () => market.getGasPrice({ fresh: true }))
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
  // the fee must pay for the steps of the route it leaves; a smaller amount may take a longer path, so it is
  // priced again until it covers the route's steps (each round for more steps than the last: it ends)
  let paidSteps = 1
  let fee = feeFor(paidSteps)
  let quoted = await quote(ctx, p, tokenIn.address, tokenOut.address, p.amount - fee)
  while (quoted.steps.length > paidSteps) {
    paidSteps = quoted.steps.length
    fee = feeFor(paidSteps)
    quoted = await quote(ctx, p, tokenIn.address, tokenOut.address, p.amount - fee)
  }
  return { fee, ...quoted, gasUnits: gaslessGasUnits(quoted.steps.length), gasPrice }
}

/**
 * Plans a gasless order for `p.sender` (`planGaslessRoute`, the output to `p.receiver` or the sender) and reads
 * the user's Permit2 allowance. Throws `planGaslessRoute`'s errors.
 */
export async function planGaslessOrder(
  ctx: QuoteContext,
  chain: GaslessChain,
  p: GaslessPlanParams,
): Promise<GaslessPlan> {
  const { market } = ctx
  const receiver = p.receiver ?? p.sender
  const route = await planGaslessRoute(ctx, { ...p, receiver })
  const permit2Allowance = await readFromNode("the owner's Permit2 allowance", () =>
    market.client.readContract({
      address: route.quote.tokenIn.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [p.sender, chain.permit2],
    }),
  )
  return {
    order: {
      user: p.sender,
      receiver,
      srcToken: route.quote.tokenIn.address,
      dstToken: route.quote.tokenOut.address,
      amountIn: p.amount,
      fee: route.fee,
      amountOutMin: route.amountOutMin,
      deadline: route.deadline,
      tradeHash: hashRoute(route.steps),
    },
    steps: route.steps,
    gasUnits: route.gasUnits,
    gasPrice: route.gasPrice,
    amountOut: route.amountOut,
    permit2Allowance,
    approvalNeeded: permit2Allowance < p.amount,
  }
}

async function quote(
  ctx: QuoteContext,
  p: GaslessRouteParams,
  srcToken: Address,
  dstToken: Address,
  amount: bigint,
) {
  const query = {
    ...SingleQuoteQuerySchema.parse({
      fromTokenAddress: srcToken,
      toTokenAddress: dstToken,
      amount: amount.toString(),
      isSplit: 'false',
      ...(p.receiver !== undefined ? { sender: p.receiver, receiver: p.receiver } : {}),
      ...(p.slippage !== undefined ? { slippage: String(p.slippage) } : {}),
      ...(p.deadline !== undefined ? { deadline: String(p.deadline) } : {}),
    }),
    ...(p.excludedDexes !== undefined ? { excludedDexes: p.excludedDexes } : {}),
    ...(p.priceImpactProtectionPercentage !== undefined
      ? { priceImpactProtectionPercentage: p.priceImpactProtectionPercentage }
      : {}),
  }
  const [best] = await planSingleQuotes(query, ctx)
  const [leg, ...more] = best === undefined ? [] : toContractLegs(best.route)
  if (best === undefined || leg === undefined || more.length > 0 || best.route.steps !== undefined) {
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
    quote: best,
    steps,
    amountOut: best.route.amountOut,
    amountOutMin: computeAmountOutMin({ amountOut: best.route.amountOut, slippageBps: best.slippageBps }),
    deadline: best.deadline,
  }
}
