import { readFile, writeFile } from 'node:fs/promises'
import { numberToHex } from 'viem'
import { inject } from 'vitest'
import type { ChainDeployment } from '../chains/deployment'
import { type CleanState, type SharedDevnetInfo, testClientOf } from './startSharedDevnets'

/** The devnet the global setup started for this test worker, or undefined when the run shares none. */
export function findWorkerSharedDevnet(): SharedDevnetInfo | undefined {
  return inject('sharedDevnets')?.[Number(process.env.VITEST_POOL_ID ?? '1') - 1]
}

/**
 * The shared devnet's chains `chainIds` (default all), brought back to their clean state. Each claim reverts
 * those chains to the snapshot the previous claim left, brings their clock to now with a block at the clean
 * state's base fee, and takes a
 * fresh snapshot, so every file starts from the deployed state whatever the file before it sent; a worker's
 * files run one after another, so no two claims meet.
 */
export async function claimSharedDevnet(
  info: SharedDevnetInfo,
  chainIds: readonly number[] | undefined,
): Promise<ChainDeployment[]> {
  const deployments = info.deployments.filter((d) => chainIds === undefined || chainIds.includes(d.chainId))
  const missing = (chainIds ?? []).filter((id) => !deployments.some((d) => d.chainId === id))
  if (missing.length > 0) throw new Error(`chains ${missing.join(', ')} are not part of the devnet`)
  const states = JSON.parse(await readFile(info.cleanStatesPath, 'utf8')) as Record<string, CleanState>
  await Promise.all(
    deployments.map(async (d) => {
      const client = testClientOf(d)
      const clean = states[String(d.chainId)]
      if (clean === undefined) throw new Error(`no clean snapshot of chain ${d.chainId}`)
      // false when the id is unknown: the chain would keep what earlier files sent
      const reverted: unknown = await client.request({ method: 'evm_revert', params: [clean.snapshotId] })
      if (reverted !== true)
        throw new Error(`chain ${d.chainId} could not return to snapshot ${clean.snapshotId}`)
      // a revert keeps the base fee the chain had reached, and quotes net of gas (a split, a flow) read it
      await client.request({
        method: 'anvil_setNextBlockBaseFeePerGas',
        params: [numberToHex(BigInt(clean.nextBaseFee))],
      })
      // a revert takes the chain's clock back to the snapshot's block: bring it to now, with a block carrying
      // the time as a freshly loaded chain has (quote timestamps, deadlines, signature expiries read it)
      await client.setNextBlockTimestamp({ timestamp: BigInt(Math.floor(Date.now() / 1000)) })
      await client.mine({ blocks: 1 })
      states[String(d.chainId)] = { ...clean, snapshotId: await client.snapshot() }
    }),
  )
  await writeFile(info.cleanStatesPath, JSON.stringify(states))
  return deployments
}
