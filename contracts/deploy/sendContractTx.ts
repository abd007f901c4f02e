import { type Abi, type Address, encodeFunctionData, type Hex, type TransactionReceipt } from 'viem'
import type { DevClient } from './devClient'
import { waitForReceipt } from './waitForReceipt'

export type SendContractTxParams = {
  address: Address
  abi: Abi
  functionName: string
  args?: readonly unknown[]
  value?: bigint
  /** Gas limit to send with, skipping estimation (for calls that catch an inner call's failure). */
  gas?: bigint
}

/**
 * Sends one contract call from the client's account and waits for it to be mined; returns its receipt whatever
 * its status. Unless `gas` is given, gas is estimated (so a call that would revert throws with its decoded reason
 * before anything is sent) and raised by 30%: anvil's estimates can fall short under parallel load or through
 * nested pool callbacks (each call level keeps 1/64 of the gas back). Takes `writeContract`'s parameters or the
 * `request` of a `simulateContract` result.
 */
export async function sendContractCall(
  client: DevClient,
  params: SendContractTxParams,
): Promise<TransactionReceipt> {
  const data = encodeFunctionData({
    abi: params.abi,
    functionName: params.functionName,
    args: params.args ?? [],
  })
  const request = { to: params.address, data, value: params.value ?? 0n }
  const gas = params.gas ?? ((await estimate(client, params)) * 13n) / 10n
  const hash = await client.sendTransaction({ ...request, gas })
  return waitForReceipt(client, { hash })
}

/** `sendContractCall` that throws if the mined transaction reverted. Returns the transaction hash. */
export async function sendContractTx(client: DevClient, params: SendContractTxParams): Promise<Hex> {
  const receipt = await sendContractCall(client, params)
  if (receipt.status !== 'success')
    throw new Error(`${params.functionName} reverted (tx ${receipt.transactionHash})`)
  return receipt.transactionHash
}

async function estimate(client: DevClient, params: SendContractTxParams): Promise<bigint> {
  try {
    return await client.estimateContractGas({
      address: params.address,
      abi: params.abi,
      functionName: params.functionName,
      args: params.args ?? [],
      value: params.value ?? 0n,
      account: client.account,
    })
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error)
    throw new Error(`${params.functionName} on ${params.address} would revert: ${reason}`, { cause: error })
  }
}
