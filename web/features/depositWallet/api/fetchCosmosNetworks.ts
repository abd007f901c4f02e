import { type ApiRequestParams, createDevnetCosmosApiClient, parseApiResponse } from '../../../lib/api'

/**
 * The devnet's Cosmos chains as the devnet wallet signs for them (`GET /devnet/cosmos/networks`): chain id,
 * address prefix, denomination, gas and fee, faucet amount. Throws `ApiError` (404 where no devnet runs).
 */
export async function fetchCosmosNetworks(params: ApiRequestParams = {}) {
  const client = createDevnetCosmosApiClient(params.baseUrl)
  return parseApiResponse(client.devnet.cosmos.networks.$get({}, { init: { signal: params.signal ?? null } }))
}

/** One devnet Cosmos chain's wallet parameters. */
export type CosmosWalletNetwork = Awaited<ReturnType<typeof fetchCosmosNetworks>>[number]
