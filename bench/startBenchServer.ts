import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ChainDeployment } from '../server/chains/deployment'
import { startServerProcess } from '../server/testing/startServerProcess'

export interface BenchServer {
  baseUrl: string
  /** The devnet's deployments, from `/devnet/manifest`. */
  deployments: ChainDeployment[]
  close: () => Promise<void>
}

/**
 * Starts `npm start` (devnet mode) in a child process on `port`, with the devnet's chains from
 * `devnetPortBase` and its data in the temp directory `dataDirName`, silent and without rate limits, and
 * resolves once it prints "Ready". `env` adds settings (e.g. the relayer's delay).
 */
export async function startBenchServer(params: {
  port: number
  devnetPortBase: number
  dataDirName: string
  env?: Record<string, string>
}): Promise<BenchServer> {
  const server = await startServerProcess({
    port: params.port,
    devnetPortBase: params.devnetPortBase,
    dataDir: path.join(tmpdir(), params.dataDirName),
    ...(params.env ? { env: params.env } : {}),
  })
  return { baseUrl: server.baseUrl, deployments: server.deployments, close: server.close }
}
