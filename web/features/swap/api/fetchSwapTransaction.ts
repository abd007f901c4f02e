import { hc } from 'hono/client'
import type { AppType } from '../../../../server/app'
import { type ApiRequestParams, getBaseUrl, type HexAddress, readJson } from '../../../lib/api'
import type { SingleQuote, SwapTransaction } from '../types'

/**
 * Builds the transaction for a chosen quote (`POST /trade/v1/{chainId}/swap/single` with its `transactionData`),
 * estimated for `account`. Throws `ApiError` (`QUOTE_EXPIRED`, `INVALID_PARAMS`, ...).
 */
export async function fetchSwapTransaction(
  params: ApiRequestParams & { chainId: number; quote: SingleQuote; account: HexAddress },
): Promise<SwapTransaction> {
  const client = hc<AppType>(getBaseUrl(params.baseUrl))
  const response = await client.trade.v1[':chainId'].swap.single.$post(
    {
      param: { chainId: String(params.chainId) },
      json: {
        transactionData: params.quote.transactionData as never,
        nativeValue: params.quote.nativeValue,
        account: params.account,
      },
    },
    { init: { signal: params.signal ?? null } },
  )
  return readJson<SwapTransaction>(response)
}
