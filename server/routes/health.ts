import { createRoute, z } from '@hono/zod-openapi'
import { sql } from 'drizzle-orm'
import { fetchBlockNumber } from '../chains/fetchBlockNumber'
import type { Logger } from '../logger'
import type { ChainMarket } from '../market/createChainMarket'
import { createRouter } from '../openapi/createRouter'
import type { Store } from '../store/createStore'

const count = (description: string) => z.number().int().optional().openapi({ description })

const PoolsSchema = z
  .object({
    status: z.enum(['loading', 'ready']).openapi({
      description:
        '`loading` from the start until the first pool snapshot is loaded; meanwhile this chain answers 503 `CHAIN_LOADING`',
    }),
    phase: z.enum(['starting', 'discovering', 'reading', 'replaying']).optional().openapi({
      description:
        "While loading: `starting` (the head, a kept snapshot), `discovering` (the factories' creation logs), `reading` (the pools' states), `replaying` (the blocks since a kept snapshot, or since a full read a few blocks deep)",
    }),
    blocksScanned: count('`discovering`: blocks whose creation logs are read'),
    blocksToScan: count('`discovering`: blocks from the deployment start block to the head'),
    poolsRead: count("`reading`: pools whose state is read (counted an exchange's pools at a time)"),
    poolsToRead: count('`reading`: pools found'),
    blocksReplayed: count('`replaying`: blocks whose logs are read'),
    blocksToReplay: count('`replaying`: blocks up to the head'),
    readsLeft: count(
      '`ready`: node reads left of pools loaded in part (concentrated pools are read around their price first, then the rest of their ticks a batch after every refresh; a swap past what is read is not quoted). Absent once every pool is read in full',
    ),
  })
  .openapi('PoolsLoad', {
    example: { status: 'loading', phase: 'reading', poolsRead: 1200, poolsToRead: 5000 },
  })

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'loading', 'degraded']).openapi({
      description:
        '`degraded` when the database or a chain RPC does not answer; else `loading` while a chain loads its pools; else `ok`',
    }),
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
        pools: PoolsSchema,
      }),
    ),
  })
  .openapi('Health')

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Health'],
  summary: 'Liveness: the database, chain heads and pool loading',
  description:
    "A `select 1` on the database and one `eth_blockNumber` per chain, in parallel, each with a timeout (`HEALTH_TIMEOUT_MS`, 1.5 s by default), and each chain's pool loading (`pools`: after a start the server answers while it loads every chain's pools, minutes on a large chain without a kept snapshot; a chain still loading answers 503 `CHAIN_LOADING`). 503 only when the process can serve nothing: the database does not answer, or no chain both answers and has its pools loaded. A chain whose node is silent, or whose pools are loading, leaves the others served: 200 `degraded` or `loading`, so a load balancer routing on it keeps processes that all share that node. Wait for `ok` to know every chain serves.",
  responses: {
    200: {
      description:
        'The database and at least one chain with its pools loaded answered (`degraded`: not every chain answered; `loading`: a chain is loading its pools)',
      content: { 'application/json': { schema: HealthSchema } },
    },
    503: {
      description: 'The database did not answer, or no chain answered with its pools loaded',
      content: { 'application/json': { schema: HealthSchema } },
    },
  },
})

/**
 * `GET /health`: whether the database answers, the latest block of every chain and whether its pools are loaded
 * (`ChainMarket.getLoadProgress`). Status `degraded` when something does not answer (`database: 'down'`,
 * `blockNumber: null` for the silent chains), else `loading` while a chain loads its pools, else `ok`; the HTTP
 * status is 503 only when nothing can be served (the database is down, or no chain answers with its pools
 * loaded), else 200: processes behind one load balancer share their nodes, and one chain's outage taking every
 * process out would stop every other chain's quotes and swaps too; a chain still loading answers
 * `CHAIN_LOADING` itself.
 */
export function createHealthRoutes(deps: {
  markets: { all(): readonly Pick<ChainMarket, 'chainId' | 'deployment' | 'getLoadProgress'>[] }
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
      deps.markets.all().map(async (market) => {
        const { chainId, rpcUrl } = market.deployment
        const blockNumber = await fetchBlockNumber({ rpcUrl, timeoutMs: deps.timeoutMs }).then(
          Number,
          (error: unknown) => {
            deps.logger.warn('health: chain did not answer', { chainId, err: error })
            return null
          },
        )
        // read after the head: a load that ended meanwhile is reported ready
        return { chainId, blockNumber, pools: market.getLoadProgress() }
      }),
    )
    const databaseState = await database
    const answered = chains.filter((chain) => chain.blockNumber !== null)
    const status =
      databaseState === 'down' || answered.length < chains.length
        ? ('degraded' as const)
        : chains.some((chain) => chain.pools.status === 'loading')
          ? ('loading' as const)
          : ('ok' as const)
    const serving =
      databaseState === 'ok' &&
      (chains.length === 0 || answered.some((chain) => chain.pools.status === 'ready'))
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
