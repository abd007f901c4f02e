import {
  type Abi,
  type Address,
  concat,
  encodeDeployData,
  getAddress,
  getContractAddress,
  type Hex,
  keccak256,
  toHex,
} from 'viem'
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
 * The deterministic-deployment proxy (Arachnid's, at this address on nearly every EVM chain; anvil has it from
 * genesis): given salt ++ creation code it CREATE2s the contract, so its address depends on the code and the
 * constructor's arguments alone, never on the deployer or its nonce.
 */
export const CREATE2_PROXY: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

/** The salt of our contracts: each lands at one address on every chain where its code and arguments match. */
export const DEPLOY_SALT: Hex = keccak256(toHex('tributary'))

/** Where `ensureContract` deploys a contract of this creation code (code ++ encoded constructor arguments). */
export function computeDeterministicAddress(deployData: Hex): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: CREATE2_PROXY,
    salt: DEPLOY_SALT,
    bytecode: deployData,
  })
}

/**
 * A dry run's state on one chain: the gas price, and the code of the contracts it would deploy at their
 * addresses (a state override for the later simulations: a constructor may read an earlier contract, as
 * StargateComposer reads the Aggregator's `wrappedNative`).
 */
export type DryRunPlan = { gasPrice: bigint; stateOverride: { address: Address; code: Hex }[] }

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
 * Keeps the contract recorded at `spec.recorded`, or the one already at its deterministic address
 * (`computeDeterministicAddress`: deployed by an earlier run, or by anyone, from the same code and arguments), when
 * `findContractMismatch` finds nothing amiss (no transaction); deploys it through `CREATE2_PROXY` otherwise
 * (estimate + 25 %, as anvil and some nodes under-estimate constructors). `log` says which and why. Throws
 * `DeployError` when the proxy is missing, the deterministic address holds this code with other state (an owner
 * changed since: the same code cannot land there again), or the deployment cannot be sent or reverts. With
 * `dryRun`, nothing is sent: a deployment is estimated at the address it would take.
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
  const target = computeDeterministicAddress(data)
  const overrides = dryRun ? { stateOverride: dryRun.stateOverride } : {}
  if (target !== spec.recorded && (await client.getCode({ address: target })) !== undefined) {
    const mismatch = await findContractMismatch(client, {
      ...spec,
      address: target,
      deployData: data,
      ...overrides,
    })
    if (mismatch !== undefined) {
      throw new DeployError(
        `${where} at its deterministic address ${target} has this code but not this config's state (${mismatch}): set it back, or record another address`,
      )
    }
    log(`${where} found at its deterministic address ${target}, verified, kept`)
    return { address: target, deployed: false, gasUsed: 0n, cost: 0n }
  }
  if ((await client.getCode({ address: CREATE2_PROXY })) === undefined) {
    throw new DeployError(
      `chain ${client.chain.id} has no deterministic-deployment proxy at ${CREATE2_PROXY}: deploy it first (its presigned transaction, github.com/Arachnid/deterministic-deployment-proxy)`,
    )
  }
  const viaProxy = { to: CREATE2_PROXY, data: concat([DEPLOY_SALT, data]) }
  if (dryRun) return planDeployment(client, { data, viaProxy, target, where, plan: dryRun }, log)
  let hash: Hex
  try {
    const gas = await client.estimateGas(viaProxy)
    hash = await client.sendTransaction({ ...viaProxy, gas: (gas * 125n) / 100n })
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new DeployError(`${where} cannot be deployed from ${client.account.address}: ${reason}`, {
      cause: error,
    })
  }
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || (await client.getCode({ address: target })) === undefined)
    throw new DeployError(`${where}: the deployment reverted (tx ${hash})`)
  const address = getAddress(target)
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
  params: {
    data: Hex
    viaProxy: { to: Address; data: Hex }
    target: Address
    where: string
    plan: DryRunPlan
  },
  log: (message: string) => void,
): Promise<EnsuredContract> {
  const { data, viaProxy, target: address, where, plan } = params
  let gas: bigint
  let code: Hex | undefined
  try {
    const { stateOverride } = plan
    gas = await client.estimateGas({ account: simulationSender, ...viaProxy, stateOverride })
    // the runtime code the creation returns, for the later simulations' state override
    code = (await client.call({ account: simulationSender, data, stateOverride })).data
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new DeployError(`${where} would not deploy: ${reason}`, { cause: error })
  }
  if (code) plan.stateOverride.push({ address, code })
  log(`${where} would be deployed at ${address} (gas about ${gas})`)
  return { address, deployed: true, gasUsed: gas, cost: gas * plan.gasPrice }
}
