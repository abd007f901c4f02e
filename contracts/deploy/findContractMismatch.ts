import type { Address, Hex } from 'viem'
import type { DeployClient } from './connectDeployChain'
import { simulationSender } from './simulationSender'

export type FindContractMismatchParams = {
  address: Address
  /** The creation code with this config's constructor arguments. */
  deployData: Hex
  /** Reads what the constructor wrote to storage; returns what differs, or undefined. */
  checkState?: (client: DeployClient, address: Address) => Promise<string | undefined>
  /** Code of contracts not deployed yet (a dry run's), for the creation's simulation. */
  stateOverride?: { address: Address; code: Hex }[]
}

/**
 * What keeps the contract at `address` from being the one `deployData` would create, or undefined when nothing
 * does: no code there; code other than what simulating the creation returns now (this build's bytecode with this
 * config's immutables: another version, or other constructor arguments); or storage that `checkState` finds
 * different (an allowlist, an owner); or a creation that fails (then deploying it fails too, with the reason).
 * Reads only.
 */
export async function findContractMismatch(
  client: DeployClient,
  { address, deployData, checkState, stateOverride }: FindContractMismatchParams,
): Promise<string | undefined> {
  const code = await client.getCode({ address })
  if (code === undefined || code === '0x') return 'no code there'
  let expected: Hex | undefined
  try {
    const simulation = { account: simulationSender, data: deployData }
    expected = (await client.call({ ...simulation, ...(stateOverride ? { stateOverride } : {}) })).data
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    return `creating it with this config's arguments fails (${reason})`
  }
  if (expected?.toLowerCase() !== code.toLowerCase())
    return "its code is not this build's with this config's constructor arguments"
  return checkState?.(client, address)
}
