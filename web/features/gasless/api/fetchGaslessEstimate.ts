import { type ApiRequestParams, createApiClient, type HexAddress, parseApiResponse } from '../../../lib/api'

/**
 * Estimates a gasless order of `amount` base units of `srcToken` for `dstToken` (`POST /v1/gasless/estimate`):
 * the relayer's fee in the source token, the expected and minimum output, whether a one-time Permit2 approval
 * or the token's own permit applies, and the `transactionData` to turn into typed data. Throws `ApiError`
 * (`GASLESS_UNAVAILABLE`, `NO_ROUTE`, `INVALID_PARAMS` when the fee eats the amount, ...).
 */
export async function fetchGaslessEstimate(
  params: ApiRequestParams & {
    chainId: number
    srcToken: HexAddress
    dstToken: HexAddress
    amount: bigint
    sender: HexAddress
    /** Fraction, e.g. 0.005; the server's default when undefined. */
    slippage?: number | undefined
  },
) {
  const client = createApiClient(params.baseUrl)
  const parameters = {
    chainId: params.chainId,
    srcToken: params.srcToken,
    dstToken: params.dstToken,
    amount: params.amount.toString(),
    sender: params.sender,
    ...(params.slippage === undefined ? {} : { slippage: params.slippage }),
  }
  return parseApiResponse(
    client.v1.gasless.estimate.$post({ json: { parameters } }, { init: { signal: params.signal ?? null } }),
  )
}

/** A gasless estimate as the server answers it. */
export type GaslessEstimate = Awaited<ReturnType<typeof fetchGaslessEstimate>>
