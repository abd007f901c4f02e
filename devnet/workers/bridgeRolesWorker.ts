import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { logLevels } from '../../server/config'
import { createLogger } from '../../server/logger'
import { startAcrossFiller } from '../across/startAcrossFiller'
import { startLayerZeroRelayer } from '../layerZeroRelayer/startLayerZeroRelayer'
import type { DevnetManifest } from '../startDevnet'
import { runWorker } from './runWorker'

/** The parameters of the bridge roles worker: the devnet's manifest (this run's RPC URLs) and the data dir. */
export const bridgeRolesWorkerParams = z.object({
  manifestPath: z.string(),
  dataDir: z.string(),
  relayDelayMs: z.number().int().nonnegative(),
  logLevel: z.enum(logLevels),
  /** Per chain id, where the devnet records the head its last state save covers (none: fresh chains). */
  savedHeadPaths: z.record(z.string(), z.string()),
})

export type BridgeRolesWorkerParams = z.infer<typeof bridgeRolesWorkerParams>

runWorker('bridge roles', async (raw) => {
  const params = bridgeRolesWorkerParams.parse(raw)
  const manifest = JSON.parse(await readFile(params.manifestPath, 'utf8')) as DevnetManifest
  const logger = createLogger({ level: params.logLevel })
  const savedHeadPaths = new Map(
    Object.entries(params.savedHeadPaths).map(([id, file]) => [Number(id), file]),
  )
  const relayer = startLayerZeroRelayer({
    deployments: manifest.chains,
    dataDir: params.dataDir,
    version: manifest.version,
    delayMs: params.relayDelayMs,
    savedHeadPaths,
    log: (message) => logger.info(message, { component: 'layerzero-relayer' }),
  })
  const filler = startAcrossFiller({
    deployments: manifest.chains,
    dataDir: params.dataDir,
    version: manifest.version,
    savedHeadPaths,
    log: (message) => logger.info(message, { component: 'across-filler' }),
  })
  return {
    ready: {},
    async stop() {
      await Promise.all([relayer.stop(), filler.stop()])
    },
  }
})
