import { type Abi, type Address, encodeDeployData, getAddress, getContractAddress, type Hex } from 'viem'
import type { DeployClient } from './connectDeployChain'
import { DeployError } from './DeployError'
import { findContractMismatch } from './findContractMismatch'
import { simulationSender } from './simulationSender'

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

/**
 * A dry run's state on one chain: the deployer's next nonce (where the next contract would land), the gas price,
 * and the code of the contracts it would deploy at their addresses (a state override for the later simulations:
 * a constructor may read an earlier contract, as StargateComposer reads the Aggregator's `wrappedNative`).
 */
export type DryRunPlan = { nonce: number; gasPrice: bigint; stateOverride: { address: Address; code: Hex }[] }

export type EnsuredContract = {
  address: Address
  /** false: the recorded contract was verified and kept. In a dry run: would be deployed. */
  deployed: boolean
  /** Gas used; in a dry run the estimate. */
  gasUsed: bigint
  /** Native paid for the deployment, in wei; in a dry run the estimate at the current gas price. */
  cost: bigint
  /** The deployment's block (undefined when kept). */
  blockNumber?: bigint
}

/**
 * Keeps the contract recorded at `spec.recorded` when `findContractMismatch` finds nothing amiss (no transaction),
 * and deploys it from the client's account otherwise (estimate + 25 %, as anvil and some nodes under-estimate
 * constructors). `log` says which and why. Throws `DeployError` when the deployment cannot be sent or reverts.
 * With `dryRun`, nothing is sent: a deployment is estimated, and its address is the one the deployer's next nonce
 * gives (taken from the plan, so the next contract's arguments name it).
 */
export async function ensureContract(
  client: DeployClient,
  spec: OurContractSpec,
  log: (message: string) => void,
  dryRun?: DryRunPlan,
): Promise<EnsuredContract> {
  const where = `chain ${client.chain.id}: ${spec.name}`
  const data = encodeDeployData({ abi: spec.abi, bytecode: spec.bytecode, args: spec.args })
  if (spec.recorded) {
    const mismatch = await findContractMismatch(client, {
      ...spec,
      address: spec.recorded,
      deployData: data,
      ...(dryRun ? { stateOverride: dryRun.stateOverride } : {}),
    })
    if (mismatch === undefined) {
      log(`${where} at ${spec.recorded} verified (code and configuration match), kept`)
      return { address: spec.recorded, deployed: false, gasUsed: 0n, cost: 0n }
    }
    log(`${where} at ${spec.recorded} is not this config's: ${mismatch}; deploying a new one`)
  }
  if (dryRun) return planDeployment(client, { data, where, plan: dryRun }, log)
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

async function planDeployment(
  client: DeployClient,
  { data, where, plan }: { data: Hex; where: string; plan: DryRunPlan },
  log: (message: string) => void,
): Promise<EnsuredContract> {
  let gas: bigint
  let code: Hex | undefined
  try {
    const { stateOverride } = plan
    gas = await client.estimateGas({ account: simulationSender, data, stateOverride })
    code = (await client.call({ account: simulationSender, data, stateOverride })).data
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new DeployError(`${where} would not deploy: ${reason}`, { cause: error })
  }
  const address = getContractAddress({ from: client.account.address, nonce: BigInt(plan.nonce) })
  plan.nonce += 1
  if (code) plan.stateOverride.push({ address, code })
  log(`${where} would be deployed at ${address} (gas about ${gas})`)
  return { address, deployed: true, gasUsed: gas, cost: gas * plan.gasPrice }
}
