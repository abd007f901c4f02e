import { type ApiRequestParams, createApiClient, parseApiResponse } from '../../../lib/api'

export interface CrossQuotesParams {
  sourceChainId: number
  destinationChainId: number
  fromTokenAddress: string
  toTokenAddress: string
  /** Base units of the from token; with `isExactOut`, of the to token: what the receiver gets, exactly. */
  amount: bigint
  /** `amount` is the exact output: only providers that guarantee it answer, each with the input it needs. */
  isExactOut: boolean
  /** Paying account on the source chain, when known (the answer then carries the transaction). */
  sender: string | undefined
  /** Receiving account on the destination chain. */
  receiver: string
  /** Percent, e.g. 1 for 1%. */
  slippagePercent: number
}

/**
 * Every provider's offer for a cross-chain trade, best first (`GET /trade/v1/{chainId}/quote/cross`). Throws
 * `ApiError` (`NO_ROUTE`, `BELOW_MINIMUM`, `UNSUPPORTED_DIRECTION`, `INVALID_PARAMS` naming the receiver; `NO_ROUTE` with its reasons when no provider guarantees an exact output...).
 */
export async function fetchCrossQuotes(params: ApiRequestParams & CrossQuotesParams) {
  const client = createApiClient(params.baseUrl)
  return parseApiResponse(
    client.trade.v1[':chainId'].quote.cross.$get(
      {
        param: { chainId: String(params.sourceChainId) },
        query: {
          fromTokenAddress: params.fromTokenAddress,
          toTokenAddress: params.toTokenAddress,
          amount: params.amount.toString(),
          destinationChainId: String(params.destinationChainId),
          receiver: params.receiver,
          slippage: String(params.slippagePercent / 100),
          disableEstimate: 'true',
          ...(params.isExactOut ? { isExactOut: 'true' } : {}),
          ...(params.sender === undefined ? {} : { sender: params.sender }),
        },
      },
      { init: { signal: params.signal ?? null } },
    ),
  )
}

/** One provider's offer. */
export type CrossQuote = Awaited<ReturnType<typeof fetchCrossQuotes>>[number]
