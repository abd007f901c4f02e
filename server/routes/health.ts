import { createRoute, z } from '@hono/zod-openapi'
import type { ChainDeployment } from '../chains/deployment'
import { fetchBlockNumber } from '../chains/fetchBlockNumber'
import type { Logger } from '../logger'
import { createRouter } from '../openapi/createRouter'

const HealthSchema = z
  .object({
    status: z
      .enum(['ok', 'degraded'])
      .openapi({ description: '`degraded` when a chain RPC does not answer' }),
    chains: z.array(
      z.object({
        chainId: z.number().int().openapi({ example: 1 }),
        blockNumber: z
          .number()
          .int()
          .nullable()
          .openapi({ example: 19_000_000, description: 'null: no answer' }),
      }),
    ),
  })
  .openapi('Health')

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Health'],
  summary: 'Liveness and chain heads',
  description: 'One `eth_blockNumber` per chain, in parallel, each with a 1.5 s timeout.',
  responses: {
    200: { description: 'Every chain answered', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'A chain did not answer', content: { 'application/json': { schema: HealthSchema } } },
  },
})

const rpcTimeoutMs = 1_500

/**
 * `GET /health`: the latest block of every chain. Answers 200 with status `ok` when all chains answer,
 * 503 with status `degraded` (and `blockNumber: null` for the silent ones) otherwise.
 */
export function createHealthRoutes(deps: { deployments: readonly ChainDeployment[]; logger: Logger }) {
  return createRouter().openapi(healthRoute, async (c) => {
    const chains = await Promise.all(
      deps.deployments.map(async ({ chainId, rpcUrl }) => {
        try {
          return { chainId, blockNumber: Number(await fetchBlockNumber({ rpcUrl, timeoutMs: rpcTimeoutMs })) }
        } catch (error: unknown) {
          deps.logger.warn('health: chain did not answer', { chainId, err: error })
          return { chainId, blockNumber: null }
        }
      }),
    )
    const healthy = chains.every((chain) => chain.blockNumber !== null)
    return healthy
      ? c.json({ status: 'ok' as const, chains }, 200)
      : c.json({ status: 'degraded' as const, chains }, 503)
  })
}
