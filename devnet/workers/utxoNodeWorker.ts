import { existsSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { createUtxoNode } from '../utxo/createUtxoNode'
import { serveUtxoRpc } from '../utxo/serveUtxoRpc'
import { bitcoinCashSpec, bitcoinSpec, dogecoinSpec } from '../utxo/utxoChainSpecs'
import { runWorker } from './runWorker'

/** The parameters of one devnet UTXO node worker. */
export const utxoNodeWorkerParams = z.object({
  symbol: z.enum(['BTC', 'BCH', 'DOGE']),
  host: z.string(),
  port: z.number().int(),
  dataDir: z.string(),
  blockIntervalMs: z.number().int().positive(),
  /** Paid by the faucet (and mined) when the ledger starts empty: the network's vaults. */
  genesisPayments: z.array(z.object({ address: z.string(), satoshis: z.number().int().positive() })),
})

export type UtxoNodeWorkerParams = z.infer<typeof utxoNodeWorkerParams>

const specs = { BTC: bitcoinSpec, BCH: bitcoinCashSpec, DOGE: dogecoinSpec }

runWorker('utxo node', async (raw) => {
  const params = utxoNodeWorkerParams.parse(raw)
  const spec = specs[params.symbol]()
  const fresh = !existsSync(path.join(params.dataDir, `utxo-${params.symbol.toLowerCase()}.json`))
  const node = await createUtxoNode({
    spec,
    dataDir: params.dataDir,
    blockIntervalMs: params.blockIntervalMs,
  })
  if (fresh && params.genesisPayments.length > 0) {
    for (const payment of params.genesisPayments) await node.fund(payment.address, payment.satoshis)
    await node.mineBlock()
  }
  const server = await serveUtxoRpc(node, { host: params.host, port: params.port })
  node.start()
  return {
    ready: { rpcUrl: server.url, faucetAddress: node.faucetAddress },
    async stop() {
      node.stop()
      await server.close()
    },
  }
})
