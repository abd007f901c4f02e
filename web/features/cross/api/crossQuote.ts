import type { InferResponseType } from 'hono/client'
import type { ApiClient } from '../../../lib/createApiClient'

/** What a cross-chain quote request names. */
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

/** One provider's offer, as `GET /trade/v1/{chainId}/quote/cross` answers it. */
export type CrossQuote = InferResponseType<
  ApiClient['trade']['v1'][':chainId']['quote']['cross']['$get'],
  200
>[number]
