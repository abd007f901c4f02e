import { existsSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { cosmosHubSpec } from '../cosmos/cosmosHubSpec'
import { createCosmosNode } from '../cosmos/createCosmosNode'
import { serveCosmosRpc } from '../cosmos/serveCosmosRpc'
import { runWorker } from './runWorker'

/** The parameters of the devnet Cosmos Hub worker. */
export const cosmosNodeWorkerParams = z.object({
  host: z.string(),
  port: z.number().int(),
  dataDir: z.string(),
  blockIntervalMs: z.number().int().positive(),
  /** Paid by the faucet (and committed) when the ledger starts empty: the network's vault. */
  genesisPayments: z.array(z.object({ address: z.string(), uatom: z.string().regex(/^\d+$/) })),
})

export type CosmosNodeWorkerParams = z.infer<typeof cosmosNodeWorkerParams>

runWorker('cosmos node', async (raw) => {
  const params = cosmosNodeWorkerParams.parse(raw)
  const fresh = !existsSync(path.join(params.dataDir, 'cosmos-gaia.json'))
  const node = await createCosmosNode({
    spec: cosmosHubSpec(),
    dataDir: params.dataDir,
    blockIntervalMs: params.blockIntervalMs,
  })
  if (fresh && params.genesisPayments.length > 0) {
    for (const payment of params.genesisPayments) await node.fund(payment.address, BigInt(payment.uatom))
    await node.commitBlock()
  }
  const server = await serveCosmosRpc(node, { host: params.host, port: params.port })
  node.start()
  return {
    ready: { rpcUrl: server.url, faucetAddress: node.faucetAddress },
    async stop() {
      await node.stop()
      await server.close()
    },
  }
})
