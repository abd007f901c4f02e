import { createRoute, z } from '@hono/zod-openapi'
import { sql } from 'drizzle-orm'
import type { ChainDeployment } from '../chains/deployment'
import { fetchBlockNumber } from '../chains/fetchBlockNumber'
import type { Logger } from '../logger'
import { createRouter } from '../openapi/createRouter'
import type { Store } from '../store/createStore'

const HealthSchema = z
  .object({
    status: z
      .enum(['ok', 'degraded'])
      .openapi({ description: '`degraded` when the database or a chain RPC does not answer' }),
    database: z
      .enum(['ok', 'down'])
      .openapi({ description: '`down`: a `select 1` failed or took over 1.5 s' }),
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
  summary: 'Liveness: the database and chain heads',
  description:
    'A `select 1` on the database and one `eth_blockNumber` per chain, in parallel, each with a timeout (`HEALTH_TIMEOUT_MS`, 1.5 s by default).',
  responses: {
    200: {
      description: 'The database and every chain answered',
      content: { 'application/json': { schema: HealthSchema } },
    },
    503: {
      description: 'The database or a chain did not answer',
      content: { 'application/json': { schema: HealthSchema } },
    },
  },
})

/**
 * `GET /health`: whether the database answers and the latest block of every chain. Answers 200 with
 * status `ok` when all answer, 503 with status `degraded` (`database: 'down'`, `blockNumber: null` for
 * the silent chains) otherwise.
 */
export function createHealthRoutes(deps: {
  deployments: readonly ChainDeployment[]
  logger: Logger
  store: Store
  /** How long the database and each node may take to answer (config `HEALTH_TIMEOUT_MS`). */
  timeoutMs: number
}) {
  return createRouter().openapi(healthRoute, async (c) => {
    const database = pingDatabase(deps.store, deps.timeoutMs).then(
      () => 'ok' as const,
      (error: unknown) => {
        deps.logger.warn('health: the database did not answer', { err: error })
        return 'down' as const
      },
    )
    const chains = await Promise.all(
      deps.deployments.map(async ({ chainId, rpcUrl }) => {
        try {
          return {
            chainId,
            blockNumber: Number(await fetchBlockNumber({ rpcUrl, timeoutMs: deps.timeoutMs })),
          }
        } catch (error: unknown) {
          deps.logger.warn('health: chain did not answer', { chainId, err: error })
          return { chainId, blockNumber: null }
        }
      }),
    )
    const databaseState = await database
    const healthy = databaseState === 'ok' && chains.every((chain) => chain.blockNumber !== null)
    return healthy
      ? c.json({ status: 'ok' as const, database: databaseState, chains }, 200)
      : c.json({ status: 'degraded' as const, database: databaseState, chains }, 503)
  })
}

async function pingDatabase(store: Store, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs)
  })
  try {
    await Promise.race([store.db.execute(sql`select 1`), timeout])
  } finally {
    clearTimeout(timer)
  }
}
