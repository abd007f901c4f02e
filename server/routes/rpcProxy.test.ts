import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../devnet/startAnvil'
import type { ChainDeployment } from '../chains/deployment'
import { loadConfig } from '../config'
import { createMarkets, type Markets } from '../market/createMarkets'
import type { PoolLoadProgress } from '../pools/poolLoadProgress'
import { allocateTestPorts } from '../testing/allocateTestPorts'
import { createTestApp } from '../testing/createTestApp'
import { createFakeDeployments } from '../testing/fakeDeployments'
import { openMemoryStore } from '../testing/openMemoryStore'
import { isForwardedRpcMethod } from './rpcProxy'

/** The rate-limit tests' clock: one minute's window for all of a test, wherever the wall clock is. */
const WINDOW_MID_MS = 1_700_000_010_000

const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let anvil: AnvilInstance

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1, port: await allocateTestPorts(1) })
})

afterAll(async () => {
  await anvil?.stop()
})

function appWithAnvil() {
  return createTestApp({ deployments: createFakeDeployments({ rpcUrls: { 1: anvil.rpcUrl } }) }).app
}

function rpc(body: unknown) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }
}

async function getBalance(app: ReturnType<typeof appWithAnvil>) {
  const res = await app.request(
    '/rpc/1',
    rpc({ jsonrpc: '2.0', id: 9, method: 'eth_getBalance', params: [account, 'latest'] }),
  )
  return ((await res.json()) as { result: string }).result
}

describe('isForwardedRpcMethod', () => {
  it.each([
    ['eth_call', true],
    ['eth_sendRawTransaction', true],
    ['net_version', true],
    ['web3_clientVersion', true],
    ['eth_sendTransaction', false],
    ['eth_signTypedData_v4', false],
    ['eth_accounts', false],
    ['anvil_setBalance', false],
    ['hardhat_mine', false],
    ['evm_snapshot', false],
    ['debug_traceTransaction', false],
    ['admin_peers', false],
    ['personal_sign', false],
    ['txpool_content', false],
    ['eth_sendUnsignedTransaction', false],
    ['eth_sendTransactionSync', false],
    ['eth_signTypedData_v1', false],
    ['eth_coinbase', false],
    ['eth_getBalance', true],
    ['eth_getLogs', true],
    ['eth_sendRawTransactionSync', true],
    ['eth_simulateV1', false],
  ])('%s -> %s', (method, forwarded) => {
    expect(isForwardedRpcMethod(method)).toBe(forwarded)
  })
})

describe('POST /rpc/{chainId}', () => {
  it('forwards a single call to the chain node', async () => {
    const res = await appWithAnvil().request(
      '/rpc/1',
      rpc({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] }),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 7, result: '0x1' })
  })

  it('forwards a batch', async () => {
    const res = await appWithAnvil().request(
      '/rpc/1',
      rpc([
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'net_version', params: [] },
      ]),
    )
    expect(await res.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x1' },
      { jsonrpc: '2.0', id: 2, result: '1' },
    ])
  })

  it('refuses anvil_setBalance with a JSON-RPC error and leaves the balance alone', async () => {
    const app = appWithAnvil()
    const before = await getBalance(app)
    const res = await app.request(
      '/rpc/1',
      rpc({ jsonrpc: '2.0', id: 3, method: 'anvil_setBalance', params: [account, '0x1'] }),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32601, message: 'Method anvil_setBalance is not available through this proxy' },
    })
    expect(await getBalance(app)).toBe(before)
    expect(before).toBe('0x21e19e0c9bab2400000')
  })

  it('refuses eth_sendUnsignedTransaction, which anvil executes from any account without a signature', async () => {
    const app = appWithAnvil()
    const before = await getBalance(app)
    const tx = { from: account, to: '0x000000000000000000000000000000000000dEaD', value: '0xde0b6b3a7640000' }
    const res = await app.request(
      '/rpc/1',
      rpc({ jsonrpc: '2.0', id: 4, method: 'eth_sendUnsignedTransaction', params: [tx] }),
    )
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: {
        code: -32601,
        message: 'Method eth_sendUnsignedTransaction is not available through this proxy',
      },
    })
    expect(await getBalance(app)).toBe(before)
  })

  it('answers refused and malformed batch items locally and forwards the rest', async () => {
    const app = appWithAnvil()
    const res = await app.request(
      '/rpc/1',
      rpc([
        { jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
        { id: 3, method: 'eth_chainId' },
      ]),
    )
    expect(await res.json()).toEqual([
      { jsonrpc: '2.0', id: 2, result: '0x1' },
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32601, message: 'Method evm_mine is not available through this proxy' },
      },
      { jsonrpc: '2.0', id: 3, error: { code: -32600, message: 'Invalid request' } },
    ])
    const block = await app.request(
      '/rpc/1',
      rpc({ jsonrpc: '2.0', id: 4, method: 'eth_blockNumber', params: [] }),
    )
    expect(await block.json()).toEqual({ jsonrpc: '2.0', id: 4, result: '0x0' })
  })

  it('rejects an unsupported chain, malformed JSON, an oversized batch and an oversized body', async () => {
    const app = appWithAnvil()
    const codeOf = async (res: Response) => [
      res.status,
      ((await res.json()) as { error: { code: string } }).error.code,
    ]
    expect(
      await codeOf(await app.request('/rpc/137', rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }))),
    ).toEqual([400, 'UNSUPPORTED_CHAIN'])
    expect(await codeOf(await app.request('/rpc/1', rpc('{"jsonrpc":')))).toEqual([400, 'INVALID_JSON'])
    const batch = Array.from({ length: 101 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }))
    expect(await codeOf(await app.request('/rpc/1', rpc(batch)))).toEqual([400, 'INVALID_PARAMS'])
    const huge = {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ data: `0x${'00'.repeat(600_000)}` }],
    }
    expect(await codeOf(await app.request('/rpc/1', rpc(huge)))).toEqual([413, 'PAYLOAD_TOO_LARGE'])
  })

  it('answers a batch with notifications item by item, and notifications only with 204', async () => {
    const app = appWithAnvil()
    const mixed = await app.request(
      '/rpc/1',
      rpc([
        { jsonrpc: '2.0', method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', method: 'anvil_mine', params: [] },
        { jsonrpc: '2.0', id: 3, method: 'evm_mine', params: [] },
      ]),
    )
    expect([mixed.status, await mixed.json()]).toEqual([
      200,
      [
        { jsonrpc: '2.0', id: 2, result: '0x1' },
        {
          jsonrpc: '2.0',
          id: 3,
          error: { code: -32601, message: 'Method evm_mine is not available through this proxy' },
        },
      ],
    ])
    const withRefused = await app.request(
      '/rpc/1',
      rpc([
        { jsonrpc: '2.0', method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 5, method: 'evm_mine', params: [] },
      ]),
    )
    expect([withRefused.status, await withRefused.json()]).toEqual([
      200,
      [
        {
          jsonrpc: '2.0',
          id: 5,
          error: { code: -32601, message: 'Method evm_mine is not available through this proxy' },
        },
      ],
    ])
    const onlyNotifications = await app.request(
      '/rpc/1',
      rpc([{ jsonrpc: '2.0', method: 'eth_chainId', params: [] }]),
    )
    expect([onlyNotifications.status, await onlyNotifications.text()]).toEqual([204, ''])
    const single = await app.request('/rpc/1', rpc({ jsonrpc: '2.0', method: 'eth_chainId', params: [] }))
    expect([single.status, await single.text()]).toEqual([204, ''])
  })

  it('refuses log queries over more blocks than RPC_MAX_LOG_BLOCK_RANGE, resolving tags against the head', async () => {
    const deployments = createFakeDeployments({ rpcUrls: { 1: anvil.rpcUrl } })
    const { app } = createTestApp({ deployments, config: loadConfig({ RPC_MAX_LOG_BLOCK_RANGE: '2' }) })
    const getLogs = (id: number, filter: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_getLogs',
      params: [filter],
    })
    const res = await app.request(
      '/rpc/1',
      rpc([
        getLogs(1, { fromBlock: '0x0', toBlock: '0x1' }),
        getLogs(2, { fromBlock: '0x0', toBlock: '0x2' }),
        getLogs(3, { fromBlock: 'earliest', toBlock: 'latest' }),
        getLogs(4, {}),
        getLogs(5, { fromBlock: 'yesterday' }),
        { jsonrpc: '2.0', id: 6, method: 'eth_newFilter', params: [{ fromBlock: '0x0', toBlock: '0x10' }] },
      ]),
    )
    expect(await res.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: [] },
      { jsonrpc: '2.0', id: 3, result: [] },
      { jsonrpc: '2.0', id: 4, result: [] },
      {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32005,
          message: 'Log queries may span at most 2 blocks; this one spans 3 (query in smaller ranges)',
        },
      },
      {
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32602, message: 'fromBlock and toBlock must be block numbers or block tags' },
      },
      {
        jsonrpc: '2.0',
        id: 6,
        error: {
          code: -32005,
          message: 'Log queries may span at most 2 blocks; this one spans 17 (query in smaller ranges)',
        },
      },
    ])
  })

  it('rate-limits the proxy on its own budget (RATE_LIMIT_PER_MINUTE_RPC)', async () => {
    const deployments = createFakeDeployments({ rpcUrls: { 1: anvil.rpcUrl } })
    const { app } = createTestApp({
      deployments,
      config: loadConfig({ RATE_LIMIT_PER_MINUTE_RPC: '2' }),
      now: () => WINDOW_MID_MS,
    })
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await app.request('/rpc/1', rpc({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }))).status,
      )
    }
    expect(statuses).toEqual([200, 200, 429])
    expect((await app.request('/trade/v1/info/chains')).status).toBe(200)
  })

  it('refuses state and block overrides in eth_call, eth_estimateGas and eth_createAccessList', async () => {
    const app = appWithAnvil()
    const call = { to: '0x000000000000000000000000000000000000dEaD' }
    const override = { [account]: { balance: '0x1' } }
    const res = await app.request(
      '/rpc/1',
      rpc([
        { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [call, 'latest', override] },
        { jsonrpc: '2.0', id: 2, method: 'eth_estimateGas', params: [call, 'latest', override] },
        { jsonrpc: '2.0', id: 3, method: 'eth_call', params: [call, 'latest', null, { number: '0x99' }] },
        { jsonrpc: '2.0', id: 4, method: 'eth_createAccessList', params: [call, 'latest', override] },
        { jsonrpc: '2.0', id: 5, method: 'eth_call', params: [call, 'latest', null] },
        { jsonrpc: '2.0', id: 6, method: 'eth_call', params: { transaction: call } },
      ]),
    )
    const refused = (id: number, message: string) => ({
      jsonrpc: '2.0',
      id,
      error: { code: -32602, message },
    })
    const overrides = 'State and block overrides are not available through this proxy'
    expect(await res.json()).toEqual([
      { jsonrpc: '2.0', id: 5, result: '0x' },
      refused(1, overrides),
      refused(2, overrides),
      refused(3, overrides),
      refused(4, overrides),
      refused(6, 'params must be an array'),
    ])
  })

  it('caps the gas of a forwarded call at 10,000,000, given or not', async () => {
    // code that loops until it runs out: the node reports the gas it was given
    const app = appWithAnvil()
    const burn = '0x5b600056' // JUMPDEST, PUSH1 0, JUMP: an endless loop
    const call = (id: number, gas?: string) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_estimateGas',
      params: [{ data: burn, ...(gas === undefined ? {} : { gas }) }],
    })
    const res = await app.request('/rpc/1', rpc([call(1), call(2, '0x1c9c380'), call(3, '0x989680')]))
    const answers = (await res.json()) as { id: number; error?: { message: string } }[]
    expect(answers.map((a) => [a.id, a.error?.message])).toEqual([
      [1, 'Out of gas: gas required exceeds allowance: 10000000'],
      [2, 'Out of gas: gas required exceeds allowance: 10000000'],
      [3, 'Out of gas: gas required exceeds allowance: 10000000'],
    ])
  })

  it('lets one client hold 16 filters; an uninstall makes room, another client has its own 16', async () => {
    const deployments = createFakeDeployments({ rpcUrls: { 1: anvil.rpcUrl } })
    const { app } = createTestApp({ deployments, config: loadConfig({ TRUST_PROXY: 'true' }) })
    const from = (ip: string, body: unknown) =>
      app.request('/rpc/1', {
        ...rpc(body),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      })
    const newFilters = (ids: number[]) =>
      ids.map((id) => ({ jsonrpc: '2.0', id, method: 'eth_newBlockFilter' }))
    const opened = (await (
      await from('192.0.2.1', newFilters([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]))
    ).json()) as {
      id: number
      result?: string
      error?: { code: number; message: string }
    }[]
    expect(opened.filter((a) => a.result !== undefined)).toHaveLength(16)
    expect(opened.at(-1)).toEqual({
      jsonrpc: '2.0',
      id: 17,
      error: {
        code: -32005,
        message:
          'Too many filters for this client: uninstall one (eth_uninstallFilter) or let one expire (5 min unpolled)',
      },
    })
    const more = (await (await from('192.0.2.1', newFilters([18]))).json()) as [{ error?: unknown }]
    expect(more[0].error).toBeDefined()
    const uninstall = { jsonrpc: '2.0', id: 19, method: 'eth_uninstallFilter', params: [opened[0]?.result] }
    expect(await (await from('192.0.2.1', uninstall)).json()).toEqual({
      jsonrpc: '2.0',
      id: 19,
      result: true,
    })
    const again = (await (await from('192.0.2.1', newFilters([20]))).json()) as [{ result?: string }]
    expect(typeof again[0].result).toBe('string')
    const other = (await (await from('192.0.2.2', newFilters([21]))).json()) as [{ result?: string }]
    expect(typeof other[0].result).toBe('string')
  })

  it('charges a batch per call, eth_call and eth_estimateGas as five', async () => {
    const deployments = createFakeDeployments({ rpcUrls: { 1: anvil.rpcUrl } })
    const { app } = createTestApp({
      deployments,
      config: loadConfig({ RATE_LIMIT_PER_MINUTE_RPC: '110' }),
      now: () => WINDOW_MID_MS,
    })
    const chainIds = Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }))
    const batch = await app.request('/rpc/1', rpc(chainIds))
    expect([batch.status, batch.headers.get('ratelimit-remaining')]).toEqual([200, '10'])
    const call = { to: '0x000000000000000000000000000000000000dEaD' }
    const heavy = await app.request(
      '/rpc/1',
      rpc([
        { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [call, 'latest'] },
        { jsonrpc: '2.0', id: 2, method: 'eth_estimateGas', params: [call] },
      ]),
    )
    expect([heavy.status, heavy.headers.get('ratelimit-remaining')]).toEqual([200, '0'])
    const over = await app.request('/rpc/1', rpc({ jsonrpc: '2.0', id: 3, method: 'eth_chainId' }))
    expect([over.status, ((await over.json()) as { error: { code: string } }).error.code]).toEqual([
      429,
      'RATE_LIMITED',
    ])
  })

  it('refuses a batch that costs more than the budget left, forwarding none of it', async () => {
    const deployments = createFakeDeployments({ rpcUrls: { 1: anvil.rpcUrl } })
    const { app } = createTestApp({
      deployments,
      config: loadConfig({ RATE_LIMIT_PER_MINUTE_RPC: '99' }),
      now: () => WINDOW_MID_MS,
    })
    const chainIds = Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }))
    expect((await app.request('/rpc/1', rpc(chainIds))).status).toBe(429)
  })

  it('needs an API key under AUTH_REQUIRED=all (and =rpc), not under other groups', async () => {
    const deployments = createFakeDeployments({ rpcUrls: { 1: anvil.rpcUrl } })
    const call = rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    const statusWith = async (authRequired: string) =>
      (
        await createTestApp({ deployments, config: loadConfig({ AUTH_REQUIRED: authRequired }) }).app.request(
          '/rpc/1',
          call,
        )
      ).status
    expect([await statusWith('all'), await statusWith('rpc'), await statusWith('single,info')]).toEqual([
      401, 401, 200,
    ])
  })

  it('answers 503 UPSTREAM_UNAVAILABLE when the node does not answer', async () => {
    const res = await appWithAnvil().request(
      '/rpc/8453',
      rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
    )
    expect(res.status).toBe(503)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UPSTREAM_UNAVAILABLE')
  })
})

describe('GET /health', () => {
  /** Markets of the fake deployments, the chains in `loaded` loaded first (empty: no pool on anvil's chain). */
  const marketsOf = async (deployments: ChainDeployment[], loaded: number[]) => {
    const markets = createMarkets({ deployments, pollIntervalMs: 3_600_000 })
    started.push(markets)
    await Promise.all(loaded.map((chainId) => markets.get(chainId).start()))
    return markets
  }
  const started: Markets[] = []
  afterEach(() => {
    for (const markets of started.splice(0)) markets.stop()
  })
  /** `markets` with chain `chainId` reporting `progress` (a load caught half-way). */
  const reporting = (markets: Markets, chainId: number, progress: PoolLoadProgress): Markets => ({
    ...markets,
    all: () =>
      markets.all().map((m) => (m.chainId === chainId ? { ...m, getLoadProgress: () => progress } : m)),
  })

  it('reports every chain head and its pools when all answer and are loaded: ok', async () => {
    const deployments = createFakeDeployments({ rpcUrls: { 1: anvil.rpcUrl, 8453: anvil.rpcUrl } })
    // a generous timeout: this case is about every head being reported, not about a busy CI machine
    const config = loadConfig({ HEALTH_TIMEOUT_MS: '20000' })
    const markets = await marketsOf(deployments, [1, 8453])
    const res = await createTestApp({
      config,
      deployments,
      markets,
      store: await openMemoryStore(),
    }).app.request('/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      chains: [
        { chainId: 1, blockNumber: 0, pools: { status: 'ready' } },
        { chainId: 8453, blockNumber: 0, pools: { status: 'ready' } },
      ],
    })
  })

  it('answers 200 degraded with a null head for a silent chain (the others are still served)', async () => {
    const deployments = createFakeDeployments({ rpcUrls: { 1: anvil.rpcUrl } })
    const markets = await marketsOf(deployments, [1])
    const res = await createTestApp({ deployments, markets, store: await openMemoryStore() }).app.request(
      '/health',
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'degraded',
      database: 'ok',
      chains: [
        { chainId: 1, blockNumber: 0, pools: { status: 'ready' } },
        { chainId: 8453, blockNumber: null, pools: { status: 'loading', phase: 'starting' } },
      ],
    })
  })

  it('answers 503 when no chain answers: the process can serve nothing', async () => {
    const res = await createTestApp({ store: await openMemoryStore() }).app.request('/health')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({
      status: 'degraded',
      database: 'ok',
      chains: [
        { chainId: 1, blockNumber: null, pools: { status: 'loading', phase: 'starting' } },
        { chainId: 8453, blockNumber: null, pools: { status: 'loading', phase: 'starting' } },
      ],
    })
  })

  it('answers 503 loading while every chain loads its pools, with how far each is', async () => {
    const deployments = createFakeDeployments({ rpcUrls: { 1: anvil.rpcUrl, 8453: anvil.rpcUrl } })
    const config = loadConfig({ HEALTH_TIMEOUT_MS: '20000' })
    const markets = reporting(await marketsOf(deployments, []), 1, {
      status: 'loading',
      phase: 'discovering',
      blocksScanned: 4_000,
      blocksToScan: 12_345,
    })
    const res = await createTestApp({
      config,
      deployments,
      markets,
      store: await openMemoryStore(),
    }).app.request('/health')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({
      status: 'loading',
      database: 'ok',
      chains: [
        {
          chainId: 1,
          blockNumber: 0,
          pools: { status: 'loading', phase: 'discovering', blocksScanned: 4_000, blocksToScan: 12_345 },
        },
        { chainId: 8453, blockNumber: 0, pools: { status: 'loading', phase: 'starting' } },
      ],
    })
  })

  it('answers 200 loading once one chain is loaded: a balancer may route to it, the other answers CHAIN_LOADING', async () => {
    const deployments = createFakeDeployments({ rpcUrls: { 1: anvil.rpcUrl, 8453: anvil.rpcUrl } })
    const config = loadConfig({ HEALTH_TIMEOUT_MS: '20000' })
    const markets = reporting(await marketsOf(deployments, [1]), 8453, {
      status: 'loading',
      phase: 'reading',
      poolsRead: 1_200,
      poolsToRead: 5_000,
    })
    const { app } = createTestApp({ config, deployments, markets, store: await openMemoryStore() })
    const res = await app.request('/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'loading',
      database: 'ok',
      chains: [
        { chainId: 1, blockNumber: 0, pools: { status: 'ready' } },
        {
          chainId: 8453,
          blockNumber: 0,
          pools: { status: 'loading', phase: 'reading', poolsRead: 1_200, poolsToRead: 5_000 },
        },
      ],
    })
  })
})
