import type { Address, Hex } from 'viem'
import type { DeployClient } from './connectDeployChain'

export type FindContractMismatchParams = {
  address: Address
  /** The creation code with this config's constructor arguments. */
  deployData: Hex
  /** Reads what the constructor wrote to storage; returns what differs, or undefined. */
  checkState?: (client: DeployClient, address: Address) => Promise<string | undefined>
}

/**
 * What keeps the contract at `address` from being the one `deployData` would create, or undefined when nothing
 * does: no code there; code other than what simulating the creation returns now (this build's bytecode with this
 * config's immutables: another version, or other constructor arguments); or storage that `checkState` finds
 * different (an allowlist, an owner). Reads only.
 */
export async function findContractMismatch(
  client: DeployClient,
  { address, deployData, checkState }: FindContractMismatchParams,
): Promise<string | undefined> {
  const code = await client.getCode({ address })
  if (code === undefined || code === '0x') return 'no code there'
  const { data: expected } = await client.call({ data: deployData })
  if (expected?.toLowerCase() !== code.toLowerCase())
    return "its code is not this build's with this config's constructor arguments"
  return checkState?.(client, address)
}
