import { type ApiRequestParams, createApiClient, parseApiResponse } from '../../../lib/api'
import type { CrossQuote } from './crossQuote'

/**
 * The transaction of a chosen offer (`POST /trade/v1/{chainId}/swap/cross` with its `transactionData`): EVM
 * calldata and value, or the deposit a UTXO wallet pays (recipient, amount, memo; with `memoless`, no memo and an
 * amount carrying the reference of the memo the server registered). Throws `ApiError` (`QUOTE_EXPIRED`,
 * `MEMOLESS_UNAVAILABLE`, ...).
 */
export async function fetchCrossSwap(
  params: ApiRequestParams & { quote: CrossQuote; account: string; memoless?: boolean },
) {
  const client = createApiClient(params.baseUrl)
  return parseApiResponse(
    client.trade.v1[':chainId'].swap.cross.$post(
      {
        param: { chainId: String(params.quote.sourceChainId) },
        json: {
          transactionData: params.quote.transactionData,
          account: params.account,
          ...(params.memoless === true ? { memoless: true } : {}),
        },
      },
      { init: { signal: params.signal ?? null } },
    ),
  )
}

export type CrossSwap = Awaited<ReturnType<typeof fetchCrossSwap>>
