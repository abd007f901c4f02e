import { getAddress } from 'viem'
import type { ChainMarket } from '../market/createChainMarket'
import { poolKindOf } from '../poolKinds/poolKinds'
import type { ProviderSwapLeg } from '../providers/types'
import { CONTRACT_VERSION } from '../quotes/contractVersion'
import { encodeRouteStep } from '../quotes/encodeRouteStep'
import { formatTokenRecord } from '../quotes/formatTokenRecord'
import { resolveTradeToken } from '../quotes/resolveTradeTokens'
import { toContractSteps } from '../routing/toContractSteps'

/** USD of one whole `token` on `market`, when known (a market whose node is down knows none). */
function usdPriceOf(market: ChainMarket, token: `0x${string}`): number | undefined {
  try {
    return market.getUsdPrice(token)
  } catch {
    return undefined
  }
}

/**
 * One side's swap of a cross-chain quote (`srcTrade`, `dstTrade`, and each element of `srcTradeList` and
 * `dstTradeList`) in the shape of a single-chain quote: amounts (`deltaAmount` the swap's minimum output, or
 * for an exact-output leg its input), `tokenFrom`/`tokenTo`, `tradeType`, `protocol` (one entry: the path's
 * exchanges, tokens and pools), and `transactionData` with `info`, one `call` per hop (each hop's amounts and
 * its encoded Aggregator step) and `pools`, the path's pool ids in order, by which `quote/cross-data` takes
 * it back. Pure over the market's snapshot and token list.
 */
export function formatCrossLeg(market: ChainMarket, leg: ProviderSwapLeg) {
  const tokenIn = resolveTradeToken(market, leg.tokenIn, 'tokenIn')
  const tokenOut = resolveTradeToken(market, leg.tokenOut, 'tokenOut')
  const exchanges = new Map(market.deployment.exchanges.map((e) => [e.id, e]))
  const exchangeIds = [...new Set(leg.plan.map((step) => step.pool.exchangeId))]
  const nameOf = (id: string) => exchanges.get(id)?.name ?? id
  const contractSteps = toContractSteps(leg.plan)
  return {
    chainId: leg.chainId,
    fromTokenAmount: leg.amountIn.toString(),
    toTokenAmount: leg.amountOut.toString(),
    deltaAmount: (leg.exactOut ? leg.amountIn : leg.amountOutMin).toString(),
    tokenFrom: formatTokenRecord(leg.chainId, tokenIn, usdPriceOf(market, tokenIn.routeAddress)),
    tokenTo: formatTokenRecord(leg.chainId, tokenOut, usdPriceOf(market, tokenOut.routeAddress)),
    tradeType: leg.exactOut ? 1 : 0,
    protocol: [
      {
        name: exchangeIds.map(nameOf).join(' + '),
        logo: exchanges.get(exchangeIds[0] ?? '')?.logo ?? null,
        route: [tokenIn.routeAddress, ...leg.plan.map((step) => getAddress(step.tokenOut))],
        pools: leg.plan.map((step) => ({
          address: step.pool.address,
          exchangeId: step.pool.exchangeId,
          kind: step.pool.kind,
          fee: poolKindOf(step.pool).feePips(step.pool),
        })),
        percentage: 100,
        amountIn: leg.amountIn.toString(),
        amountOut: leg.amountOut.toString(),
      },
    ],
    transactionData: {
      info: {
        srcToken: tokenIn.address,
        dstToken: tokenOut.address,
        ...(leg.exactOut
          ? { amountOut: leg.amountOut.toString(), amountInMax: leg.amountIn.toString() }
          : { amountIn: leg.amountIn.toString(), amountOutMin: leg.amountOutMin.toString() }),
        actualQuote: leg.amountOut.toString(),
        path: [tokenIn.address, tokenOut.address],
      },
      call: contractSteps.map((step, i) => ({
        targetExchange: nameOf(leg.plan[i]?.pool.exchangeId ?? ''),
        targetExchangeID: leg.plan[i]?.pool.exchangeId,
        sellToken: step.tokenIn,
        buyToken: step.tokenOut,
        amount: (leg.plan[i]?.amountIn ?? 0n).toString(),
        amountDelta: (leg.plan[i]?.amountOut ?? 0n).toString(),
        data: encodeRouteStep(step),
      })),
      pools: leg.plan.map((step) => step.pool.address),
      chainId: leg.chainId,
      version: CONTRACT_VERSION,
    },
    contractVersion: CONTRACT_VERSION,
  }
}

export type CrossLegAnswer = ReturnType<typeof formatCrossLeg>
