import { type ApiRequestParams, createDevnetCosmosApiClient, parseApiResponse } from '../../../lib/api'

/**
 * An address's account number (null before it holds coins), sequence and balance on a devnet Cosmos chain
 * (`GET /devnet/cosmos/{chainId}/account`). Throws `ApiError`.
 */
export async function fetchCosmosAccount(params: ApiRequestParams & { chainId: number; address: string }) {
  const client = createDevnetCosmosApiClient(params.baseUrl)
  return parseApiResponse(
    client.devnet.cosmos[':chainId'].account.$get(
      { param: { chainId: String(params.chainId) }, query: { address: params.address } },
      { init: { signal: params.signal ?? null } },
    ),
  )
}

export type CosmosAccount = Awaited<ReturnType<typeof fetchCosmosAccount>>
