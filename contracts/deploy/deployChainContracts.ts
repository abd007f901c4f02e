import type { Address } from 'viem'
import {
  acrossEntryAbi,
  acrossEntryBytecode,
  acrossHandlerAbi,
  acrossHandlerBytecode,
  aggregatorAbi,
  aggregatorBytecode,
  gaslessSettlementAbi,
  gaslessSettlementBytecode,
  liquidityEntryAbi,
  liquidityEntryBytecode,
  stargateComposerAbi,
  stargateComposerBytecode,
  stargateEntryAbi,
  stargateEntryBytecode,
} from '../artifacts/index'
import { checkAggregatorFactories } from './checkAggregatorFactories'
import { checkGaslessRoles } from './checkGaslessRoles'
import { checkStargatePools } from './checkStargatePools'
import { computeAggregatorFactories } from './computeAggregatorFactories'
import type { DeployClient } from './connectDeployChain'
import { type DryRunPlan, type EnsuredContract, ensureContract, type OurContractSpec } from './ensureContract'
import type { DeployChainConfig } from './parseDeployConfig'
import type { OurAddresses } from './recordOurAddresses'

export type DeployChainContractsParams = {
  client: DeployClient
  chain: DeployChainConfig
  /** Owner of GaslessSettlement's relayer allowlist. */
  owner: Address
  /** The relayers GaslessSettlement allows from the start. */
  gaslessRelayers: readonly Address[]
  log: (message: string) => void
  /** Called after each contract with every address known so far (to record progress before the next one). */
  onProgress?: (addresses: OurAddresses) => Promise<void>
  /** Send nothing: estimate what would be deployed (`ensureContract`'s dry run). */
  dryRun?: boolean
}

export type ChainContractsResult = {
  addresses: OurAddresses
  contracts: (EnsuredContract & { name: string })[]
}

/**
 * Ensures our contracts on one chain, in dependency order: the Aggregator over the config's exchanges, then over
 * it GaslessSettlement (with `owner` and `gaslessRelayers`), LiquidityEntry where a `liquidityRouter` is named,
 * StargateEntry and StargateComposer where Stargate pools are, AcrossHandler and AcrossEntry where a SpokePool is.
 * Each is kept when recorded and verified, else deployed (`ensureContract`); a new Aggregator makes its dependents
 * differ (it is an immutable of each), so they follow it. `startBlock` is the config's, or the new Aggregator's
 * block when the config has none. With `dryRun` nothing is sent (see `ensureContract`).
 */
export async function deployChainContracts(
  params: DeployChainContractsParams,
): Promise<ChainContractsResult> {
  const { client, chain, log } = params
  const contracts: ChainContractsResult['contracts'] = []
  const addresses: OurAddresses = {}
  const plan: DryRunPlan | undefined = params.dryRun
    ? { gasPrice: await client.getGasPrice(), stateOverride: [] }
    : undefined
  const ensure = async (spec: OurContractSpec) => {
    const result = await ensureContract(client, spec, log, plan)
    contracts.push({ name: spec.name, ...result })
    return result
  }
  const progress = async () => params.onProgress?.(addresses)

  const factories = computeAggregatorFactories(chain)
  const aggregatorResult = await ensure({
    name: 'Aggregator',
    abi: aggregatorAbi,
    bytecode: aggregatorBytecode,
    args: [chain.wrappedNative, factories],
    recorded: chain.aggregator,
    checkState: checkAggregatorFactories(factories),
  })
  const aggregator = aggregatorResult.address
  addresses.aggregator = aggregator
  const deployedAt = aggregatorResult.blockNumber
  addresses.startBlock = chain.startBlock ?? (deployedAt === undefined ? undefined : Number(deployedAt))
  await progress()

  const gasless = await ensure({
    name: 'GaslessSettlement',
    abi: gaslessSettlementAbi,
    bytecode: gaslessSettlementBytecode,
    args: [aggregator, chain.permit2, params.owner, params.gaslessRelayers],
    recorded: chain.gaslessSettlement,
    checkState: checkGaslessRoles(params.owner, params.gaslessRelayers),
  })
  addresses.gaslessSettlement = gasless.address
  await progress()

  if (chain.liquidityRouter) {
    const entry = await ensure({
      name: 'LiquidityEntry',
      abi: liquidityEntryAbi,
      bytecode: liquidityEntryBytecode,
      args: [aggregator, chain.liquidityRouter],
      recorded: chain.liquidityEntry,
    })
    addresses.liquidityEntry = entry.address
    await progress()
  }

  if (chain.stargate && chain.layerZero) {
    const pools = chain.stargate.pools.map(({ pool, token }) => ({ pool, token }))
    const entry = await ensure({
      name: 'StargateEntry',
      abi: stargateEntryAbi,
      bytecode: stargateEntryBytecode,
      args: [aggregator, pools],
      recorded: chain.stargate.entry,
      checkState: checkStargatePools(pools),
    })
    addresses.stargateEntry = entry.address
    await progress()
    const composer = await ensure({
      name: 'StargateComposer',
      abi: stargateComposerAbi,
      bytecode: stargateComposerBytecode,
      args: [chain.layerZero.endpoint, aggregator, pools],
      recorded: chain.stargate.composer,
      checkState: checkStargatePools(pools),
    })
    addresses.stargateComposer = composer.address
    await progress()
  }

  if (chain.across) {
    const { spokePool } = chain.across
    const handler = await ensure({
      name: 'AcrossHandler',
      abi: acrossHandlerAbi,
      bytecode: acrossHandlerBytecode,
      args: [spokePool, aggregator],
      recorded: chain.across.handler,
    })
    addresses.acrossHandler = handler.address
    await progress()
    const entry = await ensure({
      name: 'AcrossEntry',
      abi: acrossEntryAbi,
      bytecode: acrossEntryBytecode,
      args: [aggregator, spokePool],
      recorded: chain.across.entry,
    })
    addresses.acrossEntry = entry.address
    await progress()
  }
  return { addresses, contracts }
}
