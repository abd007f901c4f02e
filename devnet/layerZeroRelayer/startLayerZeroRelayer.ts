import path from 'node:path'
import type { ChainDeployment } from '../../server/chains/deployment'
import { createStateFile } from '../createStateFile'
import { savedFinality } from '../savedHead'
import {
  createLayerZeroRelayer,
  type LayerZeroRelayer,
  type LayerZeroRelayerState,
} from './createLayerZeroRelayer'

/**
 * Starts the devnet's LayerZero relayer (DVN and Executor) as a background worker over `deployments`, its
 * state in `<dataDir>/devnet/<version>/layerzero-relayer.json` (beside the snapshot it belongs to, so a new
 * devnet version starts afresh). Packets stay in flight `delayMs` before they are verified. Returns the
 * running relayer; `stop()` waits for the pass under way. Does nothing on chains without `layerZero`.
 */
export function startLayerZeroRelayer(params: {
  deployments: readonly ChainDeployment[]
  dataDir: string
  version: string
  delayMs: number
  /** Per chain, where the devnet records the head its last state save covers (see `finalSavedBlock`). */
  savedHeadPaths?: ReadonlyMap<number, string>
  log?: (message: string) => void
}): LayerZeroRelayer {
  const file = path.join(params.dataDir, 'devnet', params.version, 'layerzero-relayer.json')
  const { finalBlock } = savedFinality(params.savedHeadPaths ?? new Map())
  const relayer = createLayerZeroRelayer({
    deployments: params.deployments,
    stateFile: createStateFile<LayerZeroRelayerState>(file, 'the LayerZero relayer'),
    delayMs: params.delayMs,
    pollIntervalMs: 500,
    // a delivery is final, and a send relayed, once its chain's last save covers it: a crash may take away
    // what is above
    ...(finalBlock === undefined ? {} : { finalBlock, sourceFinalBlock: finalBlock }),
    ...(params.log ? { log: params.log } : {}),
  })
  relayer.start()
  return relayer
}
