import { type ApiRequestParams, createDevnetCosmosApiClient, parseApiResponse } from '../../../lib/api'

/**
 * Relays a signed `TxRaw` (base64) to a devnet Cosmos chain's node (`POST /devnet/cosmos/{chainId}/broadcast`);
 * answers its hash. Throws `ApiError` (`INVALID_PARAMS` with the node's reason when CheckTx refuses it).
 */
export async function broadcastCosmosTransaction(
  params: ApiRequestParams & { chainId: number; txBytes: string },
) {
  const client = createDevnetCosmosApiClient(params.baseUrl)
  const answer = await parseApiResponse(
    client.devnet.cosmos[':chainId'].broadcast.$post(
      { param: { chainId: String(params.chainId) }, json: { txBytes: params.txBytes } },
      { init: { signal: params.signal ?? null } },
    ),
  )
  return answer.txHash
}
