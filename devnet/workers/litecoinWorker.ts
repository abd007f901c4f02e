import { spawn } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'
import { createBitcoinRpcClient } from '../utxo/createBitcoinRpcClient'
import { runWorker } from './runWorker'

/** The parameters of the worker that runs the real `litecoind` in regtest. */
export const litecoinWorkerParams = z.object({
  binary: z.string(),
  dataDir: z.string(),
  host: z.string(),
  rpcPort: z.number().int(),
  p2pPort: z.number().int(),
  username: z.string(),
  password: z.string(),
  blockIntervalMs: z.number().int().positive(),
  /** Coinbases mined to the vault when the chain is new (50 LTC each, spendable after 100 more blocks). */
  genesisCoinbases: z.array(z.object({ address: z.string(), blocks: z.number().int().positive() })),
  /** Where the blocks after those go. */
  minerAddress: z.string(),
})

export type LitecoinWorkerParams = z.infer<typeof litecoinWorkerParams>

runWorker('litecoind', async (raw) => {
  const params = litecoinWorkerParams.parse(raw)
  await mkdir(params.dataDir, { recursive: true })
  const daemon = spawn(
    params.binary,
    [
      '-regtest',
      '-server',
      '-txindex=1',
      '-listen=0',
      '-printtoconsole=0',
      '-fallbackfee=0.0001',
      `-datadir=${params.dataDir}`,
      `-rpcbind=${params.host}`,
      `-rpcallowip=${params.host}`,
      `-rpcport=${params.rpcPort}`,
      `-port=${params.p2pPort}`,
      `-rpcuser=${params.username}`,
      `-rpcpassword=${params.password}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
  let stopping = false
  daemon.once('exit', (code, signal) => {
    if (stopping) return
    console.error(`litecoind exited (${signal ?? `code ${code}`})`)
    process.exit(1)
  })
  const rpcUrl = `http://${params.host}:${params.rpcPort}`
  const rpc = createBitcoinRpcClient({ url: rpcUrl, username: params.username, password: params.password })
  let info: { blocks: number } | undefined
  for (let attempt = 0; info === undefined; attempt++) {
    info = await rpc.getBlockchainInfo().catch((error: unknown) => {
      if (attempt >= 300) throw error
      return undefined
    })
    if (info === undefined) await sleep(200)
  }
  if (info.blocks === 0) {
    for (const { address, blocks } of params.genesisCoinbases)
      await rpc.call('generatetoaddress', [blocks, address])
    await rpc.call('generatetoaddress', [101, params.minerAddress])
  }
  const timer = setInterval(() => {
    rpc.call('generatetoaddress', [1, params.minerAddress]).catch(() => undefined)
  }, params.blockIntervalMs)
  return {
    ready: { rpcUrl, username: params.username, password: params.password },
    async stop() {
      clearInterval(timer)
      stopping = true
      if (daemon.exitCode !== null) return
      const exited = new Promise<void>((resolve) => daemon.once('exit', () => resolve()))
      daemon.kill('SIGTERM')
      await exited
    },
  }
})
