import { formatUnits, type Hex } from 'viem'
import { poolKindOf } from '../poolKinds/poolKinds'
import {
  computeAmountInMax,
  computeAmountOutMin,
  type Leg,
  type Route,
  toContractLegs,
  toContractSteps,
} from '../routing'
import { buildSwapCalldata, encodeLegHops } from './buildSwapCalldata'
import type { ChainQuoteView } from './chainQuoteView'
import { computeLpFee } from './computeLpFee'
import { computeRecommendedSlippage } from './computeRecommendedSlippage'
import { computeSwapValue } from './computeSwapValue'
import { CONTRACT_VERSION } from './contractVersion'
import { describeWrapProtocol } from './describeWrapProtocol'
import { encodeRouteStep } from './encodeRouteStep'
import { formatTokenRecord } from './formatTokenRecord'
import type { PlannedQuote } from './planQuotes'
import type { TradeToken } from './resolveTradeTokens'
import { singleSwapLimits } from './singleSwapLimits'

/** Result of `eth_estimateGas` and the sender's allowance/balance checks, when asked for. */
export interface SwapEstimate {
  estimateGas?: string
  estimateGasError?: string
  insufficientAllowance: boolean
  insufficientFunds: boolean
  allowance: string
  balance: string
}

/**
 * Shapes one planned quote as the compatible API's quote object (amounts as decimal strings of base
 * units; percentages as numbers), plus our additions: exchangeId, isBest, USD values, gas cost, `to`, the
 * route's LP fees (`lpFeePercent`, `lpFeeAmount` in output base units, apart from `priceImpact`) and a
 * `slippageWarning` (null unless the slippage is above `singleSwapLimits.slippageWarningAbove`).
 */
export function formatSingleQuote(
  view: ChainQuoteView,
  q: PlannedQuote,
  extra: { requestId: string; uuid: string | undefined },
) {
  const { route, tokenIn, tokenOut, call } = q
  const exactIn = route.tradeType === 'exactIn'
  const exchanges = exchangesOf(view)
  let totalIn = 0n
  for (const leg of route.legs) totalIn += leg.amountIn
  const legTotal = exactIn ? totalIn : route.amountOutGross
  const amountOutMin = exactIn
    ? (call?.amountOut ?? computeAmountOutMin({ amountOut: route.amountOut, slippageBps: q.slippageBps }))
    : route.amountOut
  const amountInMax = exactIn
    ? route.amountIn
    : (call?.amountIn ?? computeAmountInMax({ amountIn: route.amountIn, slippageBps: q.slippageBps }))
  const { tokenIn: priceIn, tokenOut: priceOut, native: nativeUsd } = q.prices
  const gasCostWei = route.gasUnits * q.gasPrice
  const data: Hex | undefined = call ? buildSwapCalldata(call) : undefined
  const nativeValue = call ? computeSwapValue(call) : tokenIn.isNative ? amountInMax : 0n
  const protocol =
    route.legs.length === 0
      ? [describeWrapProtocol(view.chainId, q)]
      : route.legs.map((leg) => describeLeg(exchanges, leg, tokenIn, exactIn, legTotal))
  const lpFee = computeLpFee(
    protocol.map((leg) => ({ amountOut: BigInt(leg.amountOut), feesPips: leg.pools.map((p) => p.fee) })),
  )

  return {
    isBest: q.isBest,
    exchangeId: q.exchangeId ?? 'best',
    fromTokenAmount: route.amountIn.toString(),
    toTokenAmount: route.amountOut.toString(),
    toTokenAmountWithoutFee: (route.amountOut + route.feeAmount).toString(),
    deltaAmount: (exactIn ? amountOutMin : amountInMax).toString(),
    fee: route.feeAmount.toString(),
    tokenFrom: formatTokenRecord(view.chainId, tokenIn, priceIn),
    tokenTo: formatTokenRecord(view.chainId, tokenOut, priceOut),
    tradeType: exactIn ? 0 : 1,
    protocol,
    transactionData: {
      info: {
        srcToken: tokenIn.address,
        dstToken: tokenOut.address,
        ...(exactIn
          ? { amountIn: route.amountIn.toString(), amountOutMin: amountOutMin.toString() }
          : { amountOut: route.amountOut.toString(), amountInMax: amountInMax.toString() }),
        actualQuote: route.amountOut.toString(),
        deadline: Number(q.deadline),
        slippage: q.slippageBps / 10_000,
        path: [tokenIn.address, tokenOut.address],
        feeReceiver: q.feeReceiver,
        feePercent: route.feeBps / 10_000,
        uuid: extra.uuid,
        requestId: extra.requestId,
      },
      call: route.steps ? describeSteps(exchanges, route.steps) : describeLegCalls(exchanges, route, exactIn),
      version: CONTRACT_VERSION,
    },
    to: view.aggregator,
    nativeValue: nativeValue.toString(),
    gasPrice: q.gasPrice.toString(),
    gasUnits: route.gasUnits.toString(),
    gasCostWei: gasCostWei.toString(),
    gasCostUsd: nativeUsd === undefined ? null : Number(formatUnits(gasCostWei, 18)) * nativeUsd,
    amountInUsd: usdValue(route.amountIn, tokenIn, priceIn),
    amountOutUsd: usdValue(route.amountOut, tokenOut, priceOut),
    slippage: q.slippageBps / 100,
    recommendedSlippage: computeRecommendedSlippage({
      tagsIn: tokenIn.info?.tags ?? ['native'],
      tagsOut: tokenOut.info?.tags ?? ['native'],
      priceImpact: q.priceImpact,
    }),
    priceImpact: q.priceImpact * 100,
    contractVersion: CONTRACT_VERSION,
    quoteDeadline: q.quoteDeadline,
    blockNumber: q.blockNumber.toString(),
    ...(data ? { data } : {}),
    lpFeePercent: lpFee.percent,
    lpFeeAmount: lpFee.amount.toString(),
    slippageWarning: slippageWarningOf(q.slippageBps),
  }
}

type Exchanges = ReadonlyMap<string, { name: string; logo?: string | null }>

const exchangeMaps = new WeakMap<ChainQuoteView['exchanges'], Exchanges>()

/** The chain's exchanges by id (built once per view: every quote names the exchanges of its legs). */
function exchangesOf(view: ChainQuoteView): Exchanges {
  const list = view.exchanges
  let map = exchangeMaps.get(list)
  if (!map) {
    map = new Map(list.map((e) => [e.id, e]))
    exchangeMaps.set(list, map)
  }
  return map
}

const exchangeName = (exchanges: Exchanges, id: string) => exchanges.get(id)?.name ?? id
const exchangeLogo = (exchanges: Exchanges, id: string) => exchanges.get(id)?.logo ?? null

/** `amount` as a percentage of `total`, to 1e-4. */
const percentageOf = (amount: bigint, total: bigint) =>
  total === 0n ? 0 : Number((amount * 1_000_000n) / total) / 10_000

const usdValue = (amount: bigint, token: TradeToken, price: number | undefined) =>
  price === undefined ? null : Number(formatUnits(amount, token.decimals)) * price

/** One `protocol` entry: a leg's exchanges, token path, pools with their fees, share and amounts. */
function describeLeg(
  exchanges: Exchanges,
  leg: Leg,
  tokenIn: TradeToken,
  exactIn: boolean,
  legTotal: bigint,
) {
  const ids = [...new Set(leg.hops.map((h) => h.pool.exchangeId))]
  return {
    name: ids.map((id) => exchangeName(exchanges, id)).join(' + '),
    logo: exchangeLogo(exchanges, ids[0] ?? ''),
    route: [leg.hops[0]?.tokenIn ?? tokenIn.routeAddress, ...leg.hops.map((h) => h.tokenOut)],
    pools: leg.hops.map((h) => ({
      address: h.pool.address,
      exchangeId: h.pool.exchangeId,
      kind: h.pool.kind,
      fee: poolKindOf(h.pool).feePips(h.pool),
    })),
    percentage: percentageOf(exactIn ? leg.amountIn : leg.amountOut, legTotal),
    amountIn: leg.amountIn.toString(),
    amountOut: leg.amountOut.toString(),
  }
}

/** `transactionData.call` of a step route: one entry per pool step, with its encoded step. */
function describeSteps(exchanges: Exchanges, steps: NonNullable<Route['steps']>) {
  return toContractSteps(steps).map((contractStep, i) => {
    const step = steps[i]
    return {
      targetExchange: exchangeName(exchanges, step?.pool.exchangeId ?? ''),
      targetExchangeID: step?.pool.exchangeId,
      sellToken: contractStep.tokenIn,
      buyToken: contractStep.tokenOut,
      amount: (step?.amountIn ?? 0n).toString(),
      amountDelta: (step?.amountOut ?? 0n).toString(),
      data: encodeRouteStep(contractStep),
    }
  })
}

/** `transactionData.call` of a leg route: one entry per leg, with its encoded hops. */
function describeLegCalls(exchanges: Exchanges, route: Route, exactIn: boolean) {
  return toContractLegs(route).map((leg, i) => {
    const routeLeg = route.legs[i]
    return {
      targetExchange: [
        ...new Set(routeLeg?.hops.map((h) => exchangeName(exchanges, h.pool.exchangeId))),
      ].join(' + '),
      targetExchangeID: routeLeg?.hops[0]?.pool.exchangeId,
      sellToken: leg.hops[0]?.tokenIn,
      buyToken: leg.hops.at(-1)?.tokenOut,
      amount: leg.amount.toString(),
      amountDelta: (exactIn ? routeLeg?.amountOut : routeLeg?.amountIn)?.toString(),
      data: encodeLegHops(leg.hops),
    }
  })
}

function slippageWarningOf(slippageBps: number): string | null {
  if (slippageBps <= singleSwapLimits.slippageWarningAbove * 10_000) return null
  return (
    `Slippage ${slippageBps / 100}% is above ${singleSwapLimits.slippageWarningAbove * 100}%: ` +
    'the trade may execute far below the quote (a sandwich bot can take the difference)'
  )
}

/**
 * One quote of `quote/single`: `formatSingleQuote`'s fields, then, with a sender and estimation on, the
 * `SwapEstimate` fields after them (see `draftSingleQuotes`).
 */
export type SingleQuoteResponse = ReturnType<typeof formatSingleQuote> & Partial<SwapEstimate>
