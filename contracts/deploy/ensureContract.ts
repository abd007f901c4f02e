import { type Abi, type Address, encodeDeployData, getAddress, type Hex } from 'viem'
import type { DeployClient } from './connectDeployChain'
import { DeployError } from './DeployError'
import { findContractMismatch } from './findContractMismatch'

export type OurContractSpec = {
  /** Its name in messages, e.g. `Aggregator`. */
  name: string
  abi: Abi
  bytecode: Hex
  args: readonly unknown[]
  /** Where a previous run recorded it, if it did. */
  recorded?: Address | undefined
  /** Reads what the constructor wrote to storage; returns what differs from the config, or undefined. */
  checkState?: (client: DeployClient, address: Address) => Promise<string | undefined>
}

export type EnsuredContract = {
  address: Address
  /** false: the recorded contract was verified and kept. */
  deployed: boolean
  gasUsed: bigint
  /** Native paid for the deployment, in wei. */
  cost: bigint
  /** The deployment's block (undefined when kept). */
  blockNumber?: bigint
}

/**
 * Keeps the contract recorded at `spec.recorded` when `findContractMismatch` finds nothing amiss (no transaction),
 * and deploys it from the client's account otherwise (estimate + 25 %, as anvil and some nodes under-estimate
 * constructors). `log` says which and why. Throws `DeployError` when the deployment cannot be sent or reverts.
 */
export async function ensureContract(
  client: DeployClient,
  spec: OurContractSpec,
  log: (message: string) => void,
): Promise<EnsuredContract> {
  const where = `chain ${client.chain.id}: ${spec.name}`
  const data = encodeDeployData({ abi: spec.abi, bytecode: spec.bytecode, args: spec.args })
  if (spec.recorded) {
    const mismatch = await findContractMismatch(client, { address: spec.recorded, deployData: data, ...spec })
    if (mismatch === undefined) {
      log(`${where} at ${spec.recorded} verified (code and configuration match), kept`)
      return { address: spec.recorded, deployed: false, gasUsed: 0n, cost: 0n }
    }
    log(`${where} at ${spec.recorded} is not this config's: ${mismatch}; deploying a new one`)
  }
  let hash: Hex
  try {
    const gas = await client.estimateGas({ data })
    hash = await client.sendTransaction({ data, gas: (gas * 125n) / 100n })
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new DeployError(`${where} cannot be deployed from ${client.account.address}: ${reason}`, {
      cause: error,
    })
  }
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !receipt.contractAddress)
    throw new DeployError(`${where}: the deployment reverted (tx ${hash})`)
  const address = getAddress(receipt.contractAddress)
  log(`${where} deployed at ${address} (tx ${hash}, gas ${receipt.gasUsed})`)
  return {
    address,
    deployed: true,
    gasUsed: receipt.gasUsed,
    cost: receipt.gasUsed * receipt.effectiveGasPrice,
    blockNumber: receipt.blockNumber,
  }
}
