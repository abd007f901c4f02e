import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppEnv } from '../appEnv'
import { createApiKey } from '../auth/createApiKey'
import { createSilentLogger } from '../logger'
import { handleError } from '../middleware/handleError'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { insertTrades, type NewTrade } from '../store/trades'
import { createTradeRoutes } from './trades'

let store: TestStore
let app: Hono<AppEnv>
let key: string
let otherKey: string
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

beforeAll(async () => {
  store = await openTestStore({ name: 'pglite' })
  const acme = await createApiKey(store, { companyName: 'Acme' })
  key = acme.key
  otherKey = (await createApiKey(store, { companyName: 'Other' })).key
  const base: Omit<NewTrade, 'txHash' | 'blockNumber' | 'blockTimestamp' | 'companyId'> = {
    chainId: 10,
    logIndex: 3,
    blockHash: hash(999),
    sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    receiver: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    tokenIn: '0x0000000000000000000000000000000000000000',
    tokenOut: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    amountIn: 10n ** 18n,
    amountOut: 2n ** 200n,
    feeAmount: 7n,
    integratorId: acme.company.integratorId,
    txFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    txTo: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    gasUsed: 150_000n,
    gasPrice: 1_500_000_000n,
    status: 1,
  }
  await insertTrades(
    store.db,
    [1, 2, 3].map((d) => ({
      ...base,
      txHash: hash(d),
      blockNumber: 100 + d,
      blockTimestamp: new Date(Date.UTC(2025, 4, d)),
      companyId: acme.company.id,
    })),
  )
  await insertTrades(store.db, [
    { ...base, txHash: hash(9), blockNumber: 200, blockTimestamp: new Date(), companyId: null },
  ])
  app = new Hono<AppEnv>()
  app.onError(handleError(createSilentLogger()))
  app.route('/', createTradeRoutes({ store }))
})
afterAll(async () => {
  await store.destroy()
})

describe('GET /trade/v1/info/trade/{chainId}/{txHash}', () => {
  it('answers the compatible trade shape', async () => {
    const res = await app.request(`/trade/v1/info/trade/10/${hash(2).toUpperCase().replace('0X', '0x')}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      type: 'SINGLE-CHAIN',
      sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      receiver: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      tokenFromAddress: '0x0000000000000000000000000000000000000000',
      tokenToAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      chainIdFrom: 10,
      chainIdTo: 10,
      amount: '1000000000000000000',
      txHash: hash(2),
      txHashDst: hash(2),
      gasUsed: '150000',
      tokensReceived: (2n ** 200n).toString(),
      fee: '7',
      status: 1,
      blockNumber: 102,
      timestamp: '2025-05-02T00:00:00.000Z',
      txFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      txTo: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      gasPrice: '1500000000',
    })
  })

  it('is 404 for an unknown trade or chain and 400 for a malformed hash', async () => {
    expect((await app.request(`/trade/v1/info/trade/10/${hash(5)}`)).status).toBe(404)
    expect((await app.request(`/trade/v1/info/trade/1/${hash(2)}`)).status).toBe(404)
    const bad = await app.request('/trade/v1/info/trade/10/0x1234')
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('INVALID_PARAMS')
  })
})

describe('GET /trade/v1/info/trades', () => {
  const list = async (query: string, apiKey = key) => {
    const res = await app.request(`/trade/v1/info/trades${query}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    })
    return { status: res.status, body: (await res.json()) as { trades: { txHash: string }[]; limit: number } }
  }

  it("returns only the caller's trades, newest first, paged and filtered by date", async () => {
    expect((await list('')).body.trades.map((t) => t.txHash)).toEqual([hash(3), hash(2), hash(1)])
    expect((await list('?limit=1&offset=1')).body.trades.map((t) => t.txHash)).toEqual([hash(2)])
    expect(
      (await list('?dateFrom=2025-05-02&dateTo=2025-05-02T23:59:59Z')).body.trades.map((t) => t.txHash),
    ).toEqual([hash(2)])
    expect((await list('', otherKey)).body.trades).toEqual([])
  })

  it('always requires a key and validates the query', async () => {
    expect((await app.request('/trade/v1/info/trades')).status).toBe(401)
    expect((await list('?limit=101')).status).toBe(400)
    // every page is cut from the newest offset + limit rows: the offset is bounded
    expect([(await list('?offset=10000')).status, (await list('?offset=10001')).status]).toEqual([200, 400])
    expect((await list('?dateFrom=yesterday')).status).toBe(400)
  })
})
