import { type Abi, type Address, encodeDeployData, getAddress, type Hex } from 'viem'
import type { DevClient } from './devClient'
import { waitForReceipt } from './waitForReceipt'

export type DeployBytecodeParams = {
  abi: Abi
  bytecode: Hex
  args?: readonly unknown[]
}

/**
 * Deploys creation `bytecode` with constructor `args` from the client's account and returns the new
 * contract's checksummed address. Gas is estimated and raised by 25 % (anvil can under-estimate constructors that
 * touch cold storage); the receipt is polled at the client's interval. Throws if the deployment reverts.
 */
export async function deployBytecode(client: DevClient, { abi, bytecode, args = [] }: DeployBytecodeParams) {
  const data = encodeDeployData({ abi, bytecode, args })
  const gas = await client.estimateGas({ data })
  const hash = await client.sendTransaction({ data, gas: (gas * 125n) / 100n })
  const receipt = await waitForReceipt(client, { hash })
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`deployment reverted (tx ${hash})`)
  }
  return getAddress(receipt.contractAddress) satisfies Address
}
