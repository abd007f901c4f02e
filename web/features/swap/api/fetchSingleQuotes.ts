import { type ApiRequestParams, createApiClient, parseApiResponse } from '../../../lib/api'
import type { SwapSide } from '../types'

export interface SingleQuotesParams {
  chainId: number
  fromTokenAddress: string
  toTokenAddress: string
  /** Base units of the from token (side `in`) or of the to token (side `out`). */
  amount: bigint
  side: SwapSide
  /** Percent, e.g. 0.5. */
  slippagePercent: number
  /** Transaction deadline, minutes from when the quote is made. */
  deadlineMinutes: number
  /** An integrator's fee and API key (the widget's configuration), passed to the API as they are. */
  integrator?: SwapIntegrator | undefined
}

/** What an integrator adds to quotes: its fee (fraction of the output, to `feeReceiver`) and its API key. */
export interface SwapIntegrator {
  feePercentage?: number | undefined
  feeReceiver?: string | undefined
  apiKey?: string | undefined
}

/** The `x-api-key` header for an integrator's key (none without one). */
export function integratorHeaders(integrator: SwapIntegrator | undefined): Record<string, string> {
  return integrator?.apiKey === undefined ? {} : { 'x-api-key': integrator.apiKey }
}

/**
 * Every exchange's quote for a trade, best first (`GET /trade/v1/{chainId}/quote/single`). The deadline is
 * computed from `nowMs` at request time. Throws `ApiError` (`NO_ROUTE`, `INSUFFICIENT_LIQUIDITY`, ...).
 */
export async function fetchSingleQuotes(params: ApiRequestParams & SingleQuotesParams & { nowMs: number }) {
  const client = createApiClient(params.baseUrl)
  const deadlineSec = Math.floor(params.nowMs / 1000) + Math.round(params.deadlineMinutes * 60)
  return parseApiResponse(
    client.trade.v1[':chainId'].quote.single.$get(
      {
        param: { chainId: String(params.chainId) },
        query: {
          fromTokenAddress: params.fromTokenAddress,
          toTokenAddress: params.toTokenAddress,
          amount: params.amount.toString(),
          slippage: String(params.slippagePercent / 100),
          deadline: String(deadlineSec),
          ...(params.side === 'out' ? { isExactOut: 'true' as const } : {}),
          ...(params.integrator?.feePercentage === undefined || params.integrator.feeReceiver === undefined
            ? {}
            : {
                feePercentage: String(params.integrator.feePercentage),
                feeReceiver: params.integrator.feeReceiver,
              }),
        },
      },
      { init: { signal: params.signal ?? null }, headers: integratorHeaders(params.integrator) },
    ),
  )
}
