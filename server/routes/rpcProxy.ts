import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../appEnv'
import { assertSupportedChain } from '../chains/assertSupportedChain'
import type { ChainDeployment } from '../chains/deployment'
import { AppError } from '../errors'
import { createRouter } from '../openapi/createRouter'
import { ChainIdParamsSchema, errorResponses } from '../openapi/schemas'
import { createRpcFilterQuota, type RpcFilterQuota } from './createRpcFilterQuota'

/*
 * An allowlist, not a denylist: nodes add their own signing methods under the standard prefixes (anvil's
 * `eth_sendUnsignedTransaction` sends from any address without a signature, `eth_sendTransactionSync` signs
 * with the node's accounts), so only reads, filters and already-signed transactions pass. `eth_simulateV1`
 * is left out: it carries many calls with their own state and block overrides in one item.
 */
const forwardedMethods = new Set([
  'eth_blobBaseFee',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_sendRawTransactionSync',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_listening',
  'net_peerCount',
  'net_version',
  'web3_clientVersion',
  'web3_sha3',
])

/**
 * True when the proxy forwards `method`: standard read, filter and raw-transaction methods (see
 * `forwardedMethods`). Anything that signs or sends with the node's accounts, and node-control
 * namespaces (`anvil_`, `hardhat_`, `evm_`, `debug_`, `admin_`, `personal_`, `txpool_`, ...), is refused.
 */
export function isForwardedRpcMethod(method: string): boolean {
  return forwardedMethods.has(method)
}

type RpcId = string | number | null

interface RpcErrorResponse {
  jsonrpc: '2.0'
  id: RpcId
  error: { code: number; message: string }
}

const rpcError = (id: RpcId, code: number, message: string): RpcErrorResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
})

function readId(item: unknown): RpcId {
  if (typeof item !== 'object' || item === null || !('id' in item)) return null
  const { id } = item
  return typeof id === 'string' || typeof id === 'number' ? id : null
}

/**
 * What to do with one item: `'forward'` it, answer it locally with an error, or `'drop'` it (a refused
 * notification: JSON-RPC never answers a notification, not even with an error).
 */
function answerLocally(item: unknown): RpcErrorResponse | 'forward' | 'drop' {
  if (
    typeof item !== 'object' ||
    item === null ||
    Array.isArray(item) ||
    !('jsonrpc' in item) ||
    item.jsonrpc !== '2.0' ||
    !('method' in item) ||
    typeof item.method !== 'string'
  ) {
    return rpcError(readId(item), -32600, 'Invalid request')
  }
  if (!isForwardedRpcMethod(item.method)) {
    if (!('id' in item)) return 'drop'
    return rpcError(readId(item), -32601, `Method ${item.method} is not available through this proxy`)
  }
  return 'forward'
}

/** The log filter of an `eth_getLogs` or `eth_newFilter` item, or undefined for other methods. */
function readLogFilter(
  item: unknown,
): { fromBlock?: unknown; toBlock?: unknown; blockHash?: unknown } | undefined {
  if (typeof item !== 'object' || item === null || !('method' in item)) return undefined
  if (item.method !== 'eth_getLogs' && item.method !== 'eth_newFilter') return undefined
  const params = 'params' in item && Array.isArray(item.params) ? item.params : []
  const [filter] = params
  return typeof filter === 'object' && filter !== null ? filter : {}
}

/** A block number from a filter field: a number, `'earliest'` (0), or `'head'` for every other tag. */
function readBlock(value: unknown): bigint | 'head' | 'invalid' {
  if (value === undefined || value === null) return 'head'
  if (typeof value !== 'string') return 'invalid'
  if (value === 'earliest') return 0n
  if (/^0x[0-9a-fA-F]{1,16}$/.test(value)) return BigInt(value)
  return ['latest', 'pending', 'safe', 'finalized'].includes(value) ? 'head' : 'invalid'
}

const JsonRpcRequestSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number(), z.null()]).optional(),
    method: z.string().openapi({ example: 'eth_blockNumber' }),
    params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
  })
  .openapi('JsonRpcRequest', { example: { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] } })

const JsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number(), z.null()]),
    result: z.unknown().optional(),
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .openapi('JsonRpcResponse', { example: { jsonrpc: '2.0', id: 1, result: '0x10' } })

/* Documented here, handled by hand below: answers must be JSON-RPC shaped, so no zod body validation. */
const rpcRoute = createRoute({
  method: 'post',
  path: '/rpc/{chainId}',
  tags: ['RPC'],
  summary: 'Same-origin JSON-RPC proxy to the chain node',
  description:
    'Forwards standard `eth_`, `net_` and `web3_` calls (single or batch of at most 100) to the chain node, so ' +
    'the browser talks to one origin only. Node-control (`anvil_`, `evm_`, `debug_`, ...) and node-signing ' +
    '(`eth_sendTransaction`, `eth_sign*`, `eth_accounts`) methods are answered with JSON-RPC error -32601; ' +
    'malformed items with -32600; a batch in which two calls share an id answers 400 with JSON-RPC error -32600 ' +
    'and is not forwarded; refused notifications (no `id`) get no answer, and a call made only of ' +
    'notifications answers 204. `eth_getLogs` and `eth_newFilter` over more blocks than ' +
    '`RPC_MAX_LOG_BLOCK_RANGE` (default 10,000; `toBlock - fromBlock + 1`, tags resolved against the head) are ' +
    'answered with JSON-RPC error -32005. `eth_call`, `eth_estimateGas` and `eth_createAccessList` with state ' +
    'or block overrides are answered with -32602, and run with at most 10,000,000 gas; a client holding 16 ' +
    'filters gets -32005 for a new one. Body limit 1 MB, upstream timeout 10 s. Rate-limited on its own ' +
    'budget (`RATE_LIMIT_PER_MINUTE_RPC` per key or IP, IPv6 per /64), charged per call of a batch (five for ' +
    'calls that execute code or read logs). Behind an API key when `AUTH_REQUIRED` includes `rpc`.',
  request: {
    params: ChainIdParamsSchema,
    body: {
      required: true,
      content: {
        'application/json': { schema: z.union([JsonRpcRequestSchema, z.array(JsonRpcRequestSchema)]) },
      },
    },
  },
  responses: {
    200: {
      description: 'JSON-RPC response, or array of responses for a batch',
      content: {
        'application/json': { schema: z.union([JsonRpcResponseSchema, z.array(JsonRpcResponseSchema)]) },
      },
    },
    204: { description: 'Only notifications were sent: nothing to answer' },
    ...errorResponses(400, 413, 503),
  },
})

export interface RpcProxyOptions {
  deployments: readonly ChainDeployment[]
  timeoutMs?: number
  maxBodyBytes?: number
  maxBatchSize?: number
  /** Widest block range an `eth_getLogs` / `eth_newFilter` may span (default 10,000). */
  maxLogBlockRange?: number
  /** Most filters one client (`clientOf`) may hold on the node at once (default 16). */
  maxFiltersPerClient?: number
  /** Who is calling, for the filter quota: an API key or a client address (default: everyone is one client). */
  clientOf?: (c: Context<AppEnv>) => string
  /** Most gas an `eth_call` / `eth_estimateGas` / `eth_createAccessList` is given (default 10,000,000). */
  maxCallGas?: bigint
  /**
   * A relayed answer showed a block (a receipt's block, `eth_blockNumber`, a block by number): pool sync can
   * read it before the next quote, so a wallet that just saw its swap confirmed never gets an older quote.
   */
  onHeadSeen?: (chainId: number, blockNumber: bigint) => void
  /**
   * Counts `hits` more against the caller's RPC budget, which its middleware charged one for the request
   * (`RateLimitMiddleware.chargeExtra`); throws `RATE_LIMITED`. A batch costs what its calls cost (see
   * `weighRpcCall`), charged before anything is forwarded.
   */
  chargeExtra?: (c: Context<AppEnv>, hits: number) => Promise<void>
}

/**
 * `POST /rpc/{chainId}`: a same-origin JSON-RPC proxy to the chain's `rpcUrl` (see `isForwardedRpcMethod`
 * for what passes). Refused or malformed items are answered locally with JSON-RPC errors, the rest are
 * forwarded in one upstream call; log queries wider than `maxLogBlockRange` blocks are answered with
 * -32005 (tags such as `latest` are resolved with one `eth_blockNumber` call). Notifications are never
 * answered, so a batch answers item by item and a call of notifications only answers 204. Throws `UNSUPPORTED_CHAIN`, `INVALID_JSON`, `INVALID_PARAMS` (batch too
 * large), `PAYLOAD_TOO_LARGE` or `UPSTREAM_UNAVAILABLE` (node unreachable, timed out or not JSON).
 */
export function createRpcProxyRoutes(options: RpcProxyOptions) {
  const {
    deployments,
    timeoutMs = 10_000,
    maxBodyBytes = 1_000_000,
    maxBatchSize = 100,
    maxLogBlockRange = 10_000,
    maxCallGas = 10_000_000n,
    maxFiltersPerClient = 16,
  } = options
  const filters = createRpcFilterQuota({ maxFilters: maxFiltersPerClient })
  const router = createRouter()
  router.openAPIRegistry.registerPath(rpcRoute)
  router.post(
    '/rpc/:chainId',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', `JSON-RPC body exceeds ${maxBodyBytes} bytes`)
      },
    }),
    async (c) => {
      const { chainId } = ChainIdParamsSchema.parse(c.req.param())
      const { rpcUrl } = assertSupportedChain(deployments, chainId)
      let body: unknown
      try {
        body = JSON.parse(await c.req.text())
      } catch (error: unknown) {
        throw new AppError('INVALID_JSON', 'Malformed JSON in request body', { cause: error })
      }
      const isBatch = Array.isArray(body)
      const items: unknown[] = Array.isArray(body) ? body : [body]
      if (isBatch && items.length === 0) return c.json(rpcError(null, -32600, 'Empty batch'), 200)
      if (items.length > maxBatchSize) {
        throw new AppError(
          'INVALID_PARAMS',
          `JSON-RPC batch has ${items.length} calls; at most ${maxBatchSize} allowed`,
        )
      }

      // Answers are matched to calls by id (see `findHeadInAnswers`): with two calls under one id, the answer
      // of one (a gas price) would be read as the other's (the head block)
      const duplicate = findDuplicateId(items)
      if (duplicate !== undefined) {
        const shown = JSON.stringify(duplicate)
        return c.json(
          rpcError(null, -32600, `Duplicate id ${shown} in the batch: every call needs its own id`),
          400,
        )
      }

      const cost = items.reduce((sum: number, item) => sum + weighRpcCall(item), 0)
      await options.chargeExtra?.(c, cost - 1)

      const local: RpcErrorResponse[] = []
      const forward: unknown[] = []
      const client = options.clientOf?.(c) ?? 'anyone'
      /** Id keys of the new-filter calls that hold a reservation in `filters` until their answer is read. */
      const reserved: string[] = []
      let head: Promise<bigint> | undefined
      const getHead = () => {
        head ??= fetchHead(rpcUrl, timeoutMs)
        return head
      }
      for (const item of items) {
        const answer = answerLocally(item)
        if (answer === 'drop') continue
        if (answer !== 'forward') {
          local.push(answer)
          continue
        }
        const call = limitCall(item, maxCallGas)
        if (!('forward' in call)) {
          local.push(call)
          continue
        }
        const rangeError = await checkLogRange(call.forward, maxLogBlockRange, getHead)
        if (rangeError !== undefined) {
          local.push(rangeError)
          continue
        }
        const filterAnswer = checkFilterCall(call.forward, filters, client)
        if (filterAnswer === 'drop') continue
        if (filterAnswer === 'reserved') reserved.push(idKeyOf(call.forward))
        else if (filterAnswer !== 'forward') {
          local.push(filterAnswer)
          continue
        }
        forward.push(call.forward)
      }
      if (!isBatch && forward.length === 0) {
        const [answer] = local
        return answer === undefined ? c.body(null, 204) : c.json(answer, 200)
      }
      if (forward.length === 0) return local.length === 0 ? c.body(null, 204) : c.json(local, 200)

      let upstream: { status: number; text: string } | undefined
      try {
        upstream = await postUpstream(rpcUrl, isBatch ? forward : forward[0], timeoutMs)
      } finally {
        settleFilters(filters, client, forward, reserved, upstream?.text)
      }
      const upstreamEmpty = upstream.text.trim() === ''
      if (options.onHeadSeen && !upstreamEmpty) {
        const seen = findHeadInAnswers(forward, upstream.text)
        if (seen !== undefined) options.onHeadSeen(chainId, seen)
      }
      if (!isBatch) {
        if (upstreamEmpty) return c.body(null, 204)
        return new Response(upstream.text, {
          status: upstream.status,
          headers: { 'content-type': 'application/json' },
        })
      }
      if (local.length === 0 && !upstreamEmpty) {
        return new Response(upstream.text, {
          status: upstream.status,
          headers: { 'content-type': 'application/json' },
        })
      }
      const answers = [...(upstreamEmpty ? [] : parseUpstreamBatch(upstream.text)), ...local]
      return answers.length === 0 ? c.body(null, 204) : c.json(answers, 200)
    },
  )
  return router
}

/*
 * Calls that execute code or scan many blocks cost the node far more than a lookup: one `eth_call` may run
 * 30M gas. They count as five calls against the rate limit.
 */
const heavyMethods = new Set([
  'eth_call',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_getBlockReceipts',
  'eth_getFilterLogs',
  'eth_getLogs',
])
const heavyCallWeight = 5

/** What one batch item counts against the RPC rate limit: 5 for heavy methods, else 1 (refused ones too). */
export function weighRpcCall(item: unknown): number {
  if (typeof item !== 'object' || item === null || !('method' in item)) return 1
  return typeof item.method === 'string' && heavyMethods.has(item.method) ? heavyCallWeight : 1
}

/** The first id two items of a batch share (7 and "7" differ; notifications have none), or undefined. */
function findDuplicateId(items: readonly unknown[]): RpcId | undefined {
  const seen = new Set<string>()
  for (const item of items) {
    if (typeof item !== 'object' || item === null || !('id' in item)) continue
    const key = idKeyOf(item)
    if (seen.has(key)) return readId(item)
    seen.add(key)
  }
  return undefined
}

/** An item's id as a map key that tells 7 from "7"; '' for an item without one. */
function idKeyOf(item: unknown): string {
  if (typeof item !== 'object' || item === null || !('id' in item)) return ''
  return `${typeof item.id}:${String(item.id)}`
}

const newFilterMethods = new Set(['eth_newBlockFilter', 'eth_newFilter', 'eth_newPendingTransactionFilter'])

/**
 * The filter quota's word on an item: a new filter is `'reserved'` (or refused with -32005 when its client
 * holds its share, or dropped when it is a notification, whose filter id nobody could read and uninstall),
 * an uninstall frees the filter, a poll keeps it alive; everything else is `'forward'`.
 */
function checkFilterCall(
  item: unknown,
  filters: RpcFilterQuota,
  client: string,
): 'forward' | 'reserved' | 'drop' | RpcErrorResponse {
  if (typeof item !== 'object' || item === null || !('method' in item) || typeof item.method !== 'string')
    return 'forward'
  const [filterId] = 'params' in item && Array.isArray(item.params) ? item.params : []
  if (typeof filterId === 'string') {
    if (item.method === 'eth_uninstallFilter') filters.release(client, filterId)
    if (item.method === 'eth_getFilterChanges' || item.method === 'eth_getFilterLogs')
      filters.touch(client, filterId)
  }
  if (!newFilterMethods.has(item.method)) return 'forward'
  if (!('id' in item)) return 'drop'
  if (filters.tryReserve(client)) return 'reserved'
  return rpcError(
    readId(item),
    -32005,
    'Too many filters for this client: uninstall one (eth_uninstallFilter) or let one expire (5 min unpolled)',
  )
}

/** Ends the reservations of `reserved` calls: each with the filter id its answer carries, if any. */
function settleFilters(
  filters: RpcFilterQuota,
  client: string,
  forwarded: readonly unknown[],
  reserved: readonly string[],
  answerText: string | undefined,
) {
  if (reserved.length === 0) return
  const created = new Map<string, string>()
  try {
    const parsed: unknown = answerText === undefined ? [] : JSON.parse(answerText)
    for (const answer of Array.isArray(parsed) ? parsed : [parsed]) {
      if (
        typeof answer === 'object' &&
        answer !== null &&
        'result' in answer &&
        typeof answer.result === 'string'
      )
        created.set(idKeyOf(answer), answer.result)
    }
  } catch {
    // not JSON: no filter id can be read, so every reservation ends without one
  }
  const reservedKeys = new Set(reserved)
  for (const item of forwarded) {
    const key = idKeyOf(item)
    if (reservedKeys.has(key)) filters.settle(client, created.get(key))
  }
}

const headMethods = new Set(['eth_getTransactionReceipt', 'eth_blockNumber', 'eth_getBlockByNumber'])

/**
 * The highest block number that the answers to `requests` show: a receipt's `blockNumber`, the result of
 * `eth_blockNumber`, a block's `number`. Undefined when none does or the answer is not JSON.
 */
export function findHeadInAnswers(requests: readonly unknown[], answerText: string): bigint | undefined {
  const methods = new Map<unknown, string>()
  for (const request of requests) {
    if (typeof request === 'object' && request !== null && 'method' in request && 'id' in request) {
      if (typeof request.method === 'string' && headMethods.has(request.method))
        methods.set(request.id, request.method)
    }
  }
  if (methods.size === 0) return undefined
  let answers: unknown
  try {
    answers = JSON.parse(answerText)
  } catch {
    return undefined
  }
  let highest: bigint | undefined
  for (const answer of Array.isArray(answers) ? answers : [answers]) {
    if (typeof answer !== 'object' || answer === null || !('id' in answer) || !('result' in answer)) continue
    const method = methods.get(answer.id)
    const result = answer.result
    const hex =
      method === 'eth_blockNumber'
        ? result
        : typeof result === 'object' && result !== null
          ? method === 'eth_getTransactionReceipt' && 'blockNumber' in result
            ? result.blockNumber
            : method === 'eth_getBlockByNumber' && 'number' in result
              ? result.number
              : undefined
          : undefined
    if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(hex)) continue
    const value = BigInt(hex)
    if (highest === undefined || value > highest) highest = value
  }
  return highest
}

const executingMethods = new Set(['eth_call', 'eth_createAccessList', 'eth_estimateGas'])

/**
 * An item that executes code, made safe to forward: its gas set to at most `maxCallGas` (a node otherwise
 * gives a call the whole block's 30M), or a -32602 error when it carries state or block overrides (the third
 * and fourth params: code and balances of the caller's choosing, run at the node's expense) or named params.
 * Other items pass unchanged.
 */
function limitCall(item: unknown, maxCallGas: bigint): { forward: unknown } | RpcErrorResponse {
  if (
    typeof item !== 'object' ||
    item === null ||
    !('method' in item) ||
    typeof item.method !== 'string' ||
    !executingMethods.has(item.method)
  )
    return { forward: item }
  const params = 'params' in item ? item.params : []
  if (!Array.isArray(params)) return rpcError(readId(item), -32602, 'params must be an array')
  const [transaction, block, ...overrides] = params
  if (overrides.some((override) => override !== undefined && override !== null))
    return rpcError(readId(item), -32602, 'State and block overrides are not available through this proxy')
  if (typeof transaction !== 'object' || transaction === null) return { forward: item }
  const given = 'gas' in transaction ? readQuantity(transaction.gas) : undefined
  const gas = given === undefined || given > maxCallGas ? maxCallGas : given
  const limited = [{ ...transaction, gas: `0x${gas.toString(16)}` }, ...(params.length > 1 ? [block] : [])]
  return { forward: { ...item, params: limited } }
}

function readQuantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value) ? BigInt(value) : undefined
}

/** -32005 when `item` is a log query over more than `maxRange` blocks (or with unreadable bounds). */
async function checkLogRange(
  item: unknown,
  maxRange: number,
  getHead: () => Promise<bigint>,
): Promise<RpcErrorResponse | undefined> {
  const filter = readLogFilter(item)
  if (filter === undefined || typeof filter.blockHash === 'string') return undefined
  const from = readBlock(filter.fromBlock)
  const to = readBlock(filter.toBlock)
  if (from === 'invalid' || to === 'invalid') {
    return rpcError(readId(item), -32602, 'fromBlock and toBlock must be block numbers or block tags')
  }
  const fromBlock = from === 'head' ? await getHead() : from
  const toBlock = to === 'head' ? await getHead() : to
  const range = toBlock - fromBlock + 1n
  if (range <= BigInt(maxRange)) return undefined
  return rpcError(
    readId(item),
    -32005,
    `Log queries may span at most ${maxRange} blocks; this one spans ${range} (query in smaller ranges)`,
  )
}

async function fetchHead(rpcUrl: string, timeoutMs: number): Promise<bigint> {
  const { text } = await postUpstream(rpcUrl, { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }, timeoutMs)
  try {
    const parsed: unknown = JSON.parse(text)
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'result' in parsed &&
      typeof parsed.result === 'string'
    ) {
      return BigInt(parsed.result)
    }
  } catch (error: unknown) {
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The chain node answered with malformed JSON', {
      cause: error,
    })
  }
  throw new AppError('UPSTREAM_UNAVAILABLE', 'The chain node did not report its head block')
}

async function postUpstream(rpcUrl: string, payload: unknown, timeoutMs: number) {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    })
    return { status: response.status, text: await response.text() }
  } catch (error: unknown) {
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The chain node did not answer', { cause: error })
  }
}

function parseUpstreamBatch(text: string): unknown[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error: unknown) {
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The chain node answered with malformed JSON', {
      cause: error,
    })
  }
  if (!Array.isArray(parsed)) {
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The chain node did not answer the batch with an array')
  }
  return parsed
}
