import { type ApiRequestParams, createDevnetUtxoApiClient, parseApiResponse } from '../../../lib/api'

/**
 * Relays a signed transaction to a devnet UTXO chain's node (`POST /devnet/utxo/{chainId}/broadcast`); answers
 * its txid. Throws `ApiError` (`INVALID_PARAMS` with the node's reason when it refuses).
 */
export async function broadcastUtxoTransaction(params: ApiRequestParams & { chainId: number; hex: string }) {
  const client = createDevnetUtxoApiClient(params.baseUrl)
  const answer = await parseApiResponse(
    client.devnet.utxo[':chainId'].broadcast.$post(
      { param: { chainId: String(params.chainId) }, json: { hex: params.hex } },
      { init: { signal: params.signal ?? null } },
    ),
  )
  return answer.txid
}
