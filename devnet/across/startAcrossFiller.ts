import path from 'node:path'
import type { ChainDeployment } from '../../server/chains/deployment'
import { createStateFile } from '../createStateFile'
import { savedFinality } from '../savedHead'
import { type AcrossFiller, type AcrossFillerState, createAcrossFiller } from './createAcrossFiller'

/**
 * Starts the devnet's Across filler and dataworker as a background worker over `deployments`, its state in
 * `<dataDir>/devnet/<version>/across-filler.json` (beside the snapshot it belongs to, so a new devnet version
 * starts afresh). A failed pass is logged and retried. Returns the running worker; `stop()` waits for the
 * pass under way. Does nothing on chains without `across`.
 */
export function startAcrossFiller(params: {
  deployments: readonly ChainDeployment[]
  dataDir: string
  version: string
  /** Per chain, where the devnet records the head its last state save covers (see `finalSavedBlock`). */
  savedHeadPaths?: ReadonlyMap<number, string>
  log?: (message: string) => void
}): AcrossFiller {
  const file = path.join(params.dataDir, 'devnet', params.version, 'across-filler.json')
  const { finalBlock } = savedFinality(params.savedHeadPaths ?? new Map())
  const filler = createAcrossFiller({
    deployments: params.deployments,
    stateFile: createStateFile<AcrossFillerState>(file, 'the Across filler'),
    pollIntervalMs: 500,
    // a deposit is filled once its origin's last save covers it: a crash may take away what is above
    ...(finalBlock === undefined ? {} : { sourceFinalBlock: finalBlock }),
    ...(params.log ? { log: params.log } : {}),
  })
  filler.start()
  return filler
}
