import { type ApiRequestParams, createApiClient, parseApiResponse } from '../../../lib/api'
import type { CrossQuote } from './crossQuote'

/**
 * The transaction of a chosen offer (`POST /trade/v1/{chainId}/swap/cross` with its `transactionData`): EVM
 * calldata and value, or the deposit a UTXO wallet pays (recipient, amount, memo). Throws `ApiError`
 * (`QUOTE_EXPIRED`, ...).
 */
export async function fetchCrossSwap(params: ApiRequestParams & { quote: CrossQuote; account: string }) {
  const client = createApiClient(params.baseUrl)
  return parseApiResponse(
    client.trade.v1[':chainId'].swap.cross.$post(
      {
        param: { chainId: String(params.quote.sourceChainId) },
        json: { transactionData: params.quote.transactionData, account: params.account },
      },
      { init: { signal: params.signal ?? null } },
    ),
  )
}

export type CrossSwap = Awaited<ReturnType<typeof fetchCrossSwap>>
