import { createRoute, z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { assertSupportedChain } from '../chains/assertSupportedChain'
import type { ChainDeployment } from '../chains/deployment'
import { AppError } from '../errors'
import { createRouter } from '../openapi/createRouter'
import { ChainIdParamsSchema, errorResponses } from '../openapi/schemas'

/*
 * An allowlist, not a denylist: nodes add their own signing methods under the standard prefixes (anvil's
 * `eth_sendUnsignedTransaction` sends from any address without a signature, `eth_sendTransactionSync` signs
 * with the node's accounts), so only reads, filters and already-signed transactions pass.
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
  'eth_simulateV1',
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

/** Answers an item locally (invalid or refused), or `undefined` when it is to be forwarded. */
function answerLocally(item: unknown): RpcErrorResponse | undefined {
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
    return rpcError(readId(item), -32601, `Method ${item.method} is not available through this proxy`)
  }
  return undefined
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
    'malformed items with -32600. Body limit 1 MB, upstream timeout 10 s.',
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
    ...errorResponses(400, 413, 503),
  },
})

export interface RpcProxyOptions {
  deployments: readonly ChainDeployment[]
  timeoutMs?: number
  maxBodyBytes?: number
  maxBatchSize?: number
}

/**
 * `POST /rpc/{chainId}`: a same-origin JSON-RPC proxy to the chain's `rpcUrl` (see `isForwardedRpcMethod`
 * for what passes). Refused or malformed items are answered locally with JSON-RPC errors, the rest are
 * forwarded in one upstream call. Throws `UNSUPPORTED_CHAIN`, `INVALID_JSON`, `INVALID_PARAMS` (batch too
 * large), `PAYLOAD_TOO_LARGE` or `UPSTREAM_UNAVAILABLE` (node unreachable, timed out or not JSON).
 */
export function createRpcProxyRoutes(options: RpcProxyOptions) {
  const { deployments, timeoutMs = 10_000, maxBodyBytes = 1_000_000, maxBatchSize = 100 } = options
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

      const local: RpcErrorResponse[] = []
      const forward: unknown[] = []
      for (const item of items) {
        const answer = answerLocally(item)
        if (answer === undefined) forward.push(item)
        else local.push(answer)
      }
      if (!isBatch) {
        const [answer] = local
        if (answer !== undefined) return c.json(answer, 200)
      }
      if (forward.length === 0) return c.json(local, 200)

      const upstream = await postUpstream(rpcUrl, isBatch ? forward : forward[0], timeoutMs)
      if (local.length === 0) {
        return new Response(upstream.text, {
          status: upstream.status,
          headers: { 'content-type': 'application/json' },
        })
      }
      const forwarded = parseUpstreamBatch(upstream.text)
      return c.json([...forwarded, ...local], 200)
    },
  )
  return router
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
