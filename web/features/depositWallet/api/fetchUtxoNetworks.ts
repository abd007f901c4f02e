import { type ApiRequestParams, createDevnetUtxoApiClient, parseApiResponse } from '../../../lib/api'

/**
 * The devnet's UTXO chains as the devnet wallet holds keys on them (`GET /devnet/utxo/networks`): address
 * formats, script, signature hash, fee rate, faucet amount. Throws `ApiError` (404 where no devnet runs).
 */
export async function fetchUtxoNetworks(params: ApiRequestParams = {}) {
  const client = createDevnetUtxoApiClient(params.baseUrl)
  return parseApiResponse(client.devnet.utxo.networks.$get({}, { init: { signal: params.signal ?? null } }))
}

/** One devnet UTXO chain's wallet parameters. */
export type UtxoWalletNetwork = Awaited<ReturnType<typeof fetchUtxoNetworks>>[number]
