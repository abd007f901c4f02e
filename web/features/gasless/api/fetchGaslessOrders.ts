import { type ApiRequestParams, createApiClient, type HexAddress, parseApiResponse } from '../../../lib/api'

/**
 * One page of the gasless orders `address` signed, newest first (`GET /v1/gasless/orderByAddress/{address}`).
 * Throws `ApiError`.
 */
export async function fetchGaslessOrders(
  params: ApiRequestParams & { address: HexAddress; page?: number; limit?: number },
) {
  const client = createApiClient(params.baseUrl)
  return parseApiResponse(
    client.v1.gasless.orderByAddress[':address'].$get(
      {
        param: { address: params.address },
        query: { page: String(params.page ?? 1), limit: String(params.limit ?? 20) },
      },
      { init: { signal: params.signal ?? null } },
    ),
  )
}
