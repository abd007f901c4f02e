import { type ApiRequestParams, createDevnetCosmosApiClient, parseApiResponse } from '../../../lib/api'

/** Asks the devnet Cosmos faucet to pay `address` (`POST /devnet/cosmos/{chainId}/faucet`); answers once in a block. */
export async function requestCosmosFaucet(params: ApiRequestParams & { chainId: number; address: string }) {
  const client = createDevnetCosmosApiClient(params.baseUrl)
  return parseApiResponse(
    client.devnet.cosmos[':chainId'].faucet.$post(
      { param: { chainId: String(params.chainId) }, json: { address: params.address } },
      { init: { signal: params.signal ?? null } },
    ),
  )
}
