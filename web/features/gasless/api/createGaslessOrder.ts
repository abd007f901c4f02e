import { type ApiRequestParams, createApiClient, parseApiResponse } from '../../../lib/api'
import type { GaslessTypedData } from './fetchGaslessTypedData'

/**
 * Submits a signed gasless order (`POST /v1/gasless/create`): the signed witness and nonce of `typedData`, the
 * route of the estimate's `transactionData` (`call`), the owner's EIP-712 `signature` and, for a token with
 * its own EIP-2612 permit, the signed `permitData`. Answers the order id. Throws `ApiError`
 * (`INVALID_SIGNATURE`, `INSUFFICIENT_ALLOWANCE`, `ORDER_EXPIRED`, ...).
 */
export async function createGaslessOrder(
  params: ApiRequestParams & {
    chainId: number
    typedData: GaslessTypedData
    call: unknown
    signature: string
    permitData?: { value: string; deadline: string; signature: string } | undefined
  },
) {
  const client = createApiClient(params.baseUrl)
  const { witness, nonce } = params.typedData.message
  const json = {
    chainFrom: params.chainId,
    order: { ...(witness as Record<string, unknown>), nonce },
    call: params.call,
    signature: params.signature,
    ...(params.permitData === undefined ? {} : { permitData: params.permitData }),
  } as Parameters<typeof client.v1.gasless.create.$post>[0]['json']
  const body = await parseApiResponse(
    client.v1.gasless.create.$post({ json }, { init: { signal: params.signal ?? null } }),
  )
  return body.orderId
}
