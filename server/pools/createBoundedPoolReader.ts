import type { PoolReader } from '../poolKinds/PoolKind'

export interface BoundedPoolReaderOptions {
  /** Sub-calls in one `eth_call` of Multicall3. */
  callsPerRequest?: number
  /** `eth_call`s in flight at once, per reader. */
  concurrency?: number
  /** Further tries of a failed request, after 0.5 s, 1 s, 2 s... */
  retries?: number
  /** Waits between tries (injected by tests). */
  sleep?: (ms: number) => Promise<void>
}

/** Defaults sized for a node under load: 1,000 light reads an `eth_call`, 4 at a time, 4 retries. */
const DEFAULTS = { callsPerRequest: 1_000, concurrency: 4, retries: 4 }

type MulticallArgs = Parameters<PoolReader['multicall']>[0]

/**
 * A pool reader whose multicalls a node accepts at any size: the calls are cut into requests of
 * `callsPerRequest`, at most `concurrency` in flight, each retried with backoff. viem's own multicall sends every
 * chunk at once; at thousands of pools (a million tick-bitmap reads) that flood timed out and failed the whole load.
 * Results keep the calls' order.
 */
export function createBoundedPoolReader(
  reader: PoolReader,
  options: BoundedPoolReaderOptions = {},
): PoolReader {
  const { callsPerRequest, concurrency, retries } = { ...DEFAULTS, ...options }
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  let active = 0
  const waiting: (() => void)[] = []
  const acquire = async () => {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve))
    active++
  }
  const release = () => {
    active--
    waiting.shift()?.()
  }
  const withRetries = async <T>(run: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      await acquire()
      try {
        return await run()
      } catch (error: unknown) {
        if (attempt >= retries) throw error
      } finally {
        release()
      }
      await sleep(500 * 2 ** attempt)
    }
  }

  const multicall = (async (args: MulticallArgs) => {
    const contracts = args.contracts as readonly unknown[]
    const chunks: unknown[][] = []
    for (let i = 0; i < contracts.length; i += callsPerRequest)
      chunks.push(contracts.slice(i, i + callsPerRequest))
    const results = await Promise.all(
      chunks.map((chunk) =>
        // batchSize 0: the chunk is one eth_call (viem would otherwise cut it again and send the parts at once)
        withRetries(() => reader.multicall({ ...args, contracts: chunk, batchSize: 0 } as MulticallArgs)),
      ),
    )
    return results.flat()
  }) as PoolReader['multicall']

  return {
    multicall,
    getContractEvents: ((args: Parameters<PoolReader['getContractEvents']>[0]) =>
      withRetries(() => reader.getContractEvents(args))) as PoolReader['getContractEvents'],
  }
}
