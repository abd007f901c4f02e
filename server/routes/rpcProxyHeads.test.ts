import { createServer } from 'node:http'
import { Hono } from 'hono'
import { createPublicClient, http, numberToHex, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../appEnv'
import { createSilentLogger } from '../logger'
import { handleError } from '../middleware/handleError'
import { createPoolSync } from '../pools/createPoolSync'
import { createFakeDeployments } from '../testing/fakeDeployments'
import { createRpcProxyRoutes, findHeadInAnswers } from './rpcProxy'

describe('findHeadInAnswers', () => {
  it('reads the highest block a receipt, eth_blockNumber or a block shows, by request id', () => {
    const requests = [
      { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: ['0x01'] },
      { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 3, method: 'eth_getBlockByNumber', params: ['latest', false] },
      { jsonrpc: '2.0', id: 4, method: 'eth_call', params: [] },
    ]
    const answers = [
      { jsonrpc: '2.0', id: 1, result: { blockNumber: '0x20', status: '0x1' } },
      { jsonrpc: '2.0', id: 2, result: '0x1f' },
      { jsonrpc: '2.0', id: 3, result: { number: '0x21', hash: '0xab' } },
      { jsonrpc: '2.0', id: 4, result: '0xffff' },
    ]
    expect(findHeadInAnswers(requests, JSON.stringify(answers))).toBe(0x21n)
    expect(findHeadInAnswers([requests[0]], JSON.stringify(answers[0]))).toBe(0x20n)
  })

  it('sees nothing in a pending receipt, an error, another method or a non-JSON answer', () => {
    const receipt = { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: ['0x01'] }
    expect(
      findHeadInAnswers([receipt], JSON.stringify({ jsonrpc: '2.0', id: 1, result: null })),
    ).toBeUndefined()
    expect(
      findHeadInAnswers(
        [receipt],
        JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'x' } }),
      ),
    ).toBeUndefined()
    expect(
      findHeadInAnswers([{ id: 1, method: 'eth_call' }], JSON.stringify({ id: 1, result: '0x20' })),
    ).toBeUndefined()
    expect(findHeadInAnswers([receipt], '<html>')).toBeUndefined()
  })
})

/**
 * A node on a local port: its head is `node.head`, it answers blocks, `eth_blockNumber` and a transaction
 * count of head + 5 (a number an attacker could pass off as a head), and counts the calls the proxy forwards.
 */
async function startFakeNode(head: bigint) {
  const node = { head, forwarded: 0 }
  const hashOf = (n: bigint) => numberToHex(n, { size: 32 })
  const answer = (call: { id?: unknown; method?: unknown; params?: unknown }) => {
    const result =
      call.method === 'eth_blockNumber'
        ? numberToHex(node.head)
        : call.method === 'eth_getTransactionCount'
          ? numberToHex(node.head + 5n)
          : call.method === 'eth_getBlockByNumber'
            ? {
                number: numberToHex(node.head),
                hash: hashOf(node.head),
                parentHash: hashOf(node.head - 1n),
                transactions: [],
              }
            : null
    return { jsonrpc: '2.0', id: call.id, result }
  }
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => {
      text += chunk
    })
    req.on('end', () => {
      const body: unknown = JSON.parse(text)
      const calls = (Array.isArray(body) ? body : [body]) as { method?: unknown }[]
      if (calls.some((call) => call.method !== 'eth_getBlockByNumber')) node.forwarded += 1
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(Array.isArray(body) ? calls.map(answer) : answer(calls[0] ?? {})))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return { node, url: `http://127.0.0.1:${address.port}`, close: () => server.close() }
}

describe('POST /rpc/{chainId} and the heads it announces', () => {
  const post = (app: Hono<AppEnv>, body: unknown) =>
    app.request('/rpc/1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  async function setUp() {
    const fake = await startFakeNode(100n)
    const [base] = createFakeDeployments({ rpcUrls: { 1: fake.url } })
    if (base === undefined) throw new Error('no fake deployment')
    const deployment = { ...base, exchanges: [] }
    const sync = createPoolSync(createPublicClient({ transport: http(fake.url) }), {
      deployment,
      pollIntervalMs: 3_600_000,
    })
    await sync.start()
    const app = new Hono<AppEnv>()
    app.onError(handleError(createSilentLogger()))
    app.route(
      '/',
      createRpcProxyRoutes({
        deployments: [deployment],
        onHeadSeen: (_chainId, blockNumber) => sync.announceHead(blockNumber),
      }),
    )
    return { ...fake, sync, app }
  }

  it('refuses a batch with a duplicate id (400, JSON-RPC -32600) without forwarding it: quotes do not wait', async () => {
    const { node, sync, app, close } = await setUp()
    try {
      const res = await post(app, [
        { jsonrpc: '2.0', id: 7, method: 'eth_blockNumber', params: [] },
        { jsonrpc: '2.0', id: 7, method: 'eth_getTransactionCount', params: [zeroAddress, 'latest'] },
      ])
      expect([res.status, await res.json()]).toEqual([
        400,
        {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: 'Duplicate id 7 in the batch: every call needs its own id' },
        },
      ])
      expect(node.forwarded).toBe(0)
      expect(sync.getAwaitedHead()).toBeUndefined()
      const strings = await post(app, [
        { jsonrpc: '2.0', id: 'a', method: 'eth_blockNumber' },
        { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
      ])
      expect(strings.status).toBe(400)
      // 7 and "7" are different ids; notifications carry none
      const distinct = await post(app, [
        { jsonrpc: '2.0', id: 7, method: 'eth_blockNumber' },
        { jsonrpc: '2.0', id: '7', method: 'eth_chainId' },
        { jsonrpc: '2.0', method: 'eth_chainId' },
        { jsonrpc: '2.0', method: 'eth_chainId' },
      ])
      expect(distinct.status).toBe(200)
      expect(node.forwarded).toBe(1)
    } finally {
      sync.stop()
      close()
    }
  })

  it('announces the head the node answered, and the quote waits only for a head the node confirms', async () => {
    const { node, sync, app, close } = await setUp()
    try {
      node.head = 101n
      const res = await post(app, { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })
      expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x65' })
      expect(sync.getAwaitedHead()).toBe(101n)
      expect((await sync.getFreshSnapshot(60_000)).blockNumber).toBe(101n)
      expect(sync.getAwaitedHead()).toBeUndefined()
    } finally {
      sync.stop()
      close()
    }
  })
})
