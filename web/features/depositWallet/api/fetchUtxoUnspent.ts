import { type ApiRequestParams, createDevnetUtxoApiClient, parseApiResponse } from '../../../lib/api'

/**
 * An address's confirmed unspent outputs on a devnet UTXO chain and their sum, amounts in satoshis as decimal
 * strings (`GET /devnet/utxo/{chainId}/unspent`). Throws `ApiError`.
 */
export async function fetchUtxoUnspent(params: ApiRequestParams & { chainId: number; address: string }) {
  const client = createDevnetUtxoApiClient(params.baseUrl)
  return parseApiResponse(
    client.devnet.utxo[':chainId'].unspent.$get(
      { param: { chainId: String(params.chainId) }, query: { address: params.address } },
      { init: { signal: params.signal ?? null } },
    ),
  )
}

export type UtxoUnspent = Awaited<ReturnType<typeof fetchUtxoUnspent>>
