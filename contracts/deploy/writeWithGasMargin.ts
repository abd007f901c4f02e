import type { Address } from 'viem'
import type { DevClient } from './devClient'
import { waitForReceipt } from './waitForReceipt'

type WriteRequest = Parameters<DevClient['writeContract']>[0]

/** A contract call: `writeContract`'s parameters, or the `request` of a `simulateContract` result. */
export interface ContractCall {
  address: Address
  abi: readonly unknown[]
  functionName: string
  args?: readonly unknown[]
  value?: bigint
}

/**
 * Sends `call` from the client's account with 30% above the node's gas estimate and waits for its receipt (not
 * checking its status). Anvil's estimates can fall short under parallel load or through nested pool callbacks
 * (each call level keeps 1/64 of the gas back), and the call then reverts out of gas.
 */
export async function writeWithGasMargin(client: DevClient, call: ContractCall) {
  const gas = await client.estimateContractGas(call as Parameters<DevClient['estimateContractGas']>[0])
  const hash = await client.writeContract({ ...call, gas: (gas * 13n) / 10n } as WriteRequest)
  return waitForReceipt(client, { hash })
}
