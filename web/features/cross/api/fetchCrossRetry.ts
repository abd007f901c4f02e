import { type ApiRequestParams, createApiClient, parseApiResponse } from '../../../lib/api'

/**
 * The transaction that delivers a stuck cross-chain trade again (`GET /trade/v1/info/tx/{txHash}/retry`): for a
 * trade whose LayerZero compose failed, `lzCompose` on the destination's endpoint, with its chain, value and gas.
 * Throws `ApiError` (`NOT_FOUND` when nothing waits to be retried).
 */
export async function fetchCrossRetry(params: ApiRequestParams & { txHash: string }) {
  const client = createApiClient(params.baseUrl)
  return parseApiResponse(
    client.trade.v1.info.tx[':txHash'].retry.$get(
      { param: { txHash: params.txHash } },
      { init: { signal: params.signal ?? null } },
    ),
  )
}
