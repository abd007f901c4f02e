import { type ApiRequestParams, createApiClient, parseApiResponse } from '../../../lib/api'

/** The status of gasless order `orderId` (`GET /trade/v1/gasless/status/{orderId}`). Throws `ApiError`. */
export async function fetchGaslessOrder(params: ApiRequestParams & { orderId: string }) {
  const client = createApiClient(params.baseUrl)
  const body = await parseApiResponse(
    client.trade.v1.gasless.status[':orderId'].$get(
      { param: { orderId: params.orderId } },
      { init: { signal: params.signal ?? null } },
    ),
  )
  return body.response
}

/** A gasless order as the status and listing endpoints describe it. */
export type GaslessOrderView = Awaited<ReturnType<typeof fetchGaslessOrder>>
