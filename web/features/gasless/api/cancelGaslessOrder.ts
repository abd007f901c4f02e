import { type ApiRequestParams, createApiClient, parseApiResponse } from '../../../lib/api'

/**
 * Cancels a pending gasless order with the owner's EIP-191 `signature` of its cancel message
 * (`POST /v1/gasless/cancel`); answers the order as it now stands. Throws `ApiError`
 * (`ORDER_NOT_CANCELLABLE` once the relayer took it, `NOT_ORDER_OWNER`, `INVALID_SIGNATURE`).
 */
export async function cancelGaslessOrder(params: ApiRequestParams & { orderId: string; signature: string }) {
  const client = createApiClient(params.baseUrl)
  const body = await parseApiResponse(
    client.v1.gasless.cancel.$post(
      { json: { orderId: params.orderId, signature: params.signature } },
      { init: { signal: params.signal ?? null } },
    ),
  )
  return body.response
}
