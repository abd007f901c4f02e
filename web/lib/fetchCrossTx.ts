import { ApiError, type ApiRequestParams, createApiClient, parseApiResponse } from './api'

/**
 * Where a cross-chain trade stands, by its origin transaction (`GET /trade/v1/info/tx/{txHash}`); undefined
 * while no provider has seen the transaction (404). Throws `ApiError` otherwise.
 */
export async function fetchCrossTx(params: ApiRequestParams & { txHash: string }) {
  const client = createApiClient(params.baseUrl)
  try {
    return await parseApiResponse(
      client.trade.v1.info.tx[':txHash'].$get(
        { param: { txHash: params.txHash } },
        { init: { signal: params.signal ?? null } },
      ),
    )
  } catch (error: unknown) {
    if (error instanceof ApiError && error.statusCode === 404) return undefined
    throw error
  }
}

export type CrossTx = NonNullable<Awaited<ReturnType<typeof fetchCrossTx>>>
