import { type ApiRequestParams, createDevnetUtxoApiClient, parseApiResponse } from '../../../lib/api'

/** Asks the devnet UTXO faucet to pay `address` (`POST /devnet/utxo/{chainId}/faucet`); confirmed at once. */
export async function requestUtxoFaucet(params: ApiRequestParams & { chainId: number; address: string }) {
  const client = createDevnetUtxoApiClient(params.baseUrl)
  return parseApiResponse(
    client.devnet.utxo[':chainId'].faucet.$post(
      { param: { chainId: String(params.chainId) }, json: { address: params.address } },
      { init: { signal: params.signal ?? null } },
    ),
  )
}
