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
    'A `select 1` on the database and one `eth_blockNumber` per chain, in parallel, each with a timeout (`HEALTH_TIMEOUT_MS`, 1.5 s by default). 503 only when the process can serve nothing: the database does not answer, or no chain does. A chain whose node is silent leaves the others served: 200 `degraded`, so a load balancer routing on it keeps processes that all share that node.',
  responses: {
    200: {
      description: 'The database and at least one chain answered (`degraded`: not every chain)',
      content: { 'application/json': { schema: HealthSchema } },
    },
    503: {
      description: 'The database or every chain did not answer',
      content: { 'application/json': { schema: HealthSchema } },
    },
  },
})

/**
 * `GET /health`: whether the database answers and the latest block of every chain. Status `ok` when all
 * answer, `degraded` otherwise (`database: 'down'`, `blockNumber: null` for the silent chains); the HTTP status
 * is 503 only when nothing can be served (the database is down, or no chain answers), else 200: processes
 * behind one load balancer share their nodes, and one chain's outage taking every process out would stop
 * every other chain's quotes and swaps too.
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
    const answered = chains.filter((chain) => chain.blockNumber !== null).length
    const status =
      databaseState === 'ok' && answered === chains.length ? ('ok' as const) : ('degraded' as const)
    const serving = databaseState === 'ok' && (answered > 0 || chains.length === 0)
    return c.json({ status, database: databaseState, chains }, serving ? 200 : 503)
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
