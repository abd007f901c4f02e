import { type ChildProcess, spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ChainDeployment } from '../server/chains/deployment'

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
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/scripts/start.ts'], {
    cwd: path.join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(params.port),
      DEVNET_PORT_BASE: String(params.devnetPortBase),
      DATA_DIR: path.join(tmpdir(), params.dataDirName),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE_IP: '0',
      RATE_LIMIT_PER_MINUTE_KEY: '0',
      WIDGET_DEMO_PORT: '0',
      ...params.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await waitForReady(child)
  const baseUrl = `http://127.0.0.1:${params.port}`
  const manifest = (await (await fetch(`${baseUrl}/devnet/manifest`)).json()) as { chains: ChainDeployment[] }
  return {
    baseUrl,
    deployments: manifest.chains,
    async close() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGINT')
      await exited
    },
  }
}

function waitForReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready: ')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)))
  })
}
