import { type ApiRequestParams, createApiClient, type HexAddress, parseApiResponse } from '../../../lib/api'

/**
 * The EIP-712 document that signs the order of an estimate (`POST /trade/v1/gasless/typed-data`): Permit2's
 * witness transfer with a fresh nonce. `transactionData` is the estimate's, passed through as the server
 * answered it. Throws `ApiError` (`INVALID_ORDER`, `ORDER_EXPIRED`, `NOT_ORDER_OWNER`).
 */
export async function fetchGaslessTypedData(
  params: ApiRequestParams & { chainId: number; sender: HexAddress; transactionData: unknown },
) {
  const client = createApiClient(params.baseUrl)
  const json = {
    chainId: params.chainId,
    sender: params.sender,
    transactionData: params.transactionData,
  } as Parameters<(typeof client.trade.v1.gasless)['typed-data']['$post']>[0]['json']
  return parseApiResponse(
    client.trade.v1.gasless['typed-data'].$post({ json }, { init: { signal: params.signal ?? null } }),
  )
}

/** The typed-data answer as the server sends it (numbers as decimal strings). */
export type GaslessTypedData = Awaited<ReturnType<typeof fetchGaslessTypedData>>
