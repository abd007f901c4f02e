import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LogLevel } from '../server/config'
import type { BridgeRolesWorkerParams } from './workers/bridgeRolesWorker'
import { type SupervisedWorker, superviseWorker } from './workers/superviseWorker'

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'workers', 'bridgeRolesWorker.ts')

/**
 * Starts the devnet's bridge roles, the LayerZero relayer (DVN and Executor) and the Across filler and
 * dataworker, in a supervised worker process (`workers/bridgeRolesWorker.ts`): their polling of every chain
 * stays off the server's event loop, and a crashed worker is started again and resumes from the state files
 * the roles keep beside the devnet's snapshot. The deployments come from `<dataDir>/devnet/manifest.json`,
 * which the devnet writes with this run's RPC URLs. Resolves once the roles run.
 */
export function startBridgeRoles(params: {
  dataDir: string
  relayDelayMs: number
  logLevel: LogLevel
  /** The devnet's `savedHeadPaths`: a delivery is final once its destination's last state save covers it. */
  savedHeadPaths: ReadonlyMap<number, string>
  log: (message: string) => void
}): Promise<SupervisedWorker<Record<string, never>>> {
  const workerParams: BridgeRolesWorkerParams = {
    manifestPath: path.join(params.dataDir, 'devnet', 'manifest.json'),
    dataDir: params.dataDir,
    relayDelayMs: params.relayDelayMs,
    logLevel: params.logLevel,
    savedHeadPaths: Object.fromEntries(params.savedHeadPaths),
  }
  return superviseWorker({ name: 'bridge roles', entry, params: workerParams, log: params.log })
}
