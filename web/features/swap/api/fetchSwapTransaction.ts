import { type ApiRequestParams, createApiClient, type HexAddress, parseApiResponse } from '../../../lib/api'
import type { SingleQuote } from '../types'
import { integratorHeaders, type SwapIntegrator } from './fetchSingleQuotes'

/**
 * Builds the transaction for a chosen quote (`POST /trade/v1/{chainId}/swap/single` with its `transactionData`
 * passed back unchanged), estimated for `account`. Throws `ApiError` (`QUOTE_EXPIRED`, `INVALID_PARAMS`, ...).
 */
export async function fetchSwapTransaction(
  params: ApiRequestParams & {
    chainId: number
    quote: SingleQuote
    account: HexAddress
    integrator?: SwapIntegrator | undefined
  },
) {
  const client = createApiClient(params.baseUrl)
  return parseApiResponse(
    client.trade.v1[':chainId'].swap.single.$post(
      {
        param: { chainId: String(params.chainId) },
        json: {
          transactionData: params.quote.transactionData,
          nativeValue: params.quote.nativeValue,
          account: params.account,
        },
      },
      { init: { signal: params.signal ?? null }, headers: integratorHeaders(params.integrator) },
    ),
  )
}
