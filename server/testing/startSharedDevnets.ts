import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestClient, type Hex, http, publicActions } from 'viem'
import { startDevnet } from '../../devnet/startDevnet'
import { evmChainIds } from '../chains/chainInfo'
import type { ChainDeployment } from '../chains/deployment'
import { allocateTestPorts } from './allocateTestPorts'

/** One worker's devnet as the global setup hands it to the test files (plain data: it crosses processes). */
export interface SharedDevnetInfo {
  deployments: ChainDeployment[]
  /** Where each chain's clean state is kept between the worker's files (JSON: chain id -> `CleanState`). */
  cleanStatesPath: string
}

/** A chain's clean state: its anvil snapshot, and the base fee its next block had then (a revert keeps the fee). */
export interface CleanState {
  snapshotId: Hex
  /** Wei, decimal. */
  nextBaseFee: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One devnet per test worker (index: `VITEST_POOL_ID` - 1), when the run shares them. */
    sharedDevnets: SharedDevnetInfo[]
  }
}

export interface SharedDevnets {
  infos: SharedDevnetInfo[]
  stop(): Promise<void>
}

/**
 * Starts `count` devnets with every chain, one per test worker, from the snapshot in `dataDir` (the first one
 * deploys it when missing, the others then load it), and records each chain's clean state as an anvil snapshot.
 * The global setup runs it once, so a file needing chains claims a running one (`claimSharedDevnet`) instead of
 * starting anvils of its own: seconds per file.
 */
export async function startSharedDevnets(params: { count: number; dataDir: string }): Promise<SharedDevnets> {
  const stateDir = await mkdtemp(path.join(tmpdir(), 'tributary-shared-devnets-'))
  const devnets: Awaited<ReturnType<typeof startDevnet>>[] = []
  const stop = async () => {
    await Promise.all(devnets.map((d) => d.stop()))
    await rm(stateDir, { recursive: true, force: true })
  }
  try {
    const infos: SharedDevnetInfo[] = []
    // one after another: the first may deploy the snapshot the others load
    for (let index = 0; index < params.count; index++) {
      const devnet = await startDevnet({
        portBase: await allocateTestPorts(evmChainIds.length),
        dataDir: params.dataDir,
      })
      devnets.push(devnet)
      const cleanStatesPath = path.join(stateDir, `worker-${index + 1}.json`)
      const states = await Promise.all(
        devnet.deployments.map(async (d) => [d.chainId, await cleanStateOf(d)] as const),
      )
      await writeFile(cleanStatesPath, JSON.stringify(Object.fromEntries(states)))
      infos.push({ deployments: devnet.deployments, cleanStatesPath })
    }
    return { infos, stop }
  } catch (error: unknown) {
    await stop()
    throw error
  }
}

/** An anvil client of the chain (snapshot and revert). */
export function testClientOf(deployment: ChainDeployment) {
  return createTestClient({ mode: 'anvil', transport: http(deployment.rpcUrl) })
}

/** Snapshots the chain as it is now (see `CleanState`). */
export async function cleanStateOf(deployment: ChainDeployment): Promise<CleanState> {
  const client = testClientOf(deployment)
  const { baseFeePerGas } = await client.extend(publicActions).getBlock({ blockTag: 'pending' })
  if (baseFeePerGas === null) throw new Error(`chain ${deployment.chainId} has no base fee`)
  return { snapshotId: await client.snapshot(), nextBaseFee: baseFeePerGas.toString() }
}
