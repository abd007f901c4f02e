import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { createTestApp } from '../testing/createTestApp'
import {
  historyAccount,
  historyBtcReceiver,
  historyHash,
  historyOther,
  seedHistoryRecords,
} from '../testing/seedHistoryRecords'

let store: TestStore
let app: ReturnType<typeof createTestApp>['app']

beforeAll(async () => {
  store = await openTestStore({ name: 'pglite' })
  await seedHistoryRecords(store.db)
  app = createTestApp({ store, now: () => Date.parse('2026-02-01T00:00:00Z') }).app
})
afterAll(async () => {
  await store.destroy()
})

const A = historyAccount
const token = (n: number) => `0x${n.toString(16).padStart(40, '0')}`
const zero = token(0)
const swap = (n: number, sender: string, day: number) => ({
  kind: 'swap',
  state: 'delivered',
  id: `swap:00000000-0000-4000-8000-00000000000${n}`,
  fromChainId: 10,
  toChainId: 10,
  sender,
  receiver: A,
  tokenIn: zero,
  tokenOut: token(0xc3),
  amountIn: '1000000000000000000',
  amountOut: (2n ** 200n + BigInt(n)).toString(),
  tokenReceived: null,
  amountRefunded: null,
  originTxHash: historyHash(n),
  destinationTxHash: historyHash(n),
  providerId: null,
  createdAt: `2026-01-0${day}T10:00:00.000Z`,
  finishedAt: `2026-01-0${day}T10:00:00.000Z`,
})
const firstPage = [
  {
    kind: 'gasless',
    state: 'delivered',
    id: 'gasless:00000000-0000-4000-8000-000000000007',
    fromChainId: 10,
    toChainId: 10,
    sender: A,
    receiver: A,
    tokenIn: token(0xc3),
    tokenOut: zero,
    amountIn: '1000000',
    amountOut: '987654321000000000',
    tokenReceived: null,
    amountRefunded: null,
    originTxHash: historyHash(7),
    destinationTxHash: historyHash(7),
    providerId: null,
    createdAt: '2026-01-05T10:00:00.123Z',
    finishedAt: '2026-01-05T10:00:12.000Z',
  },
  {
    kind: 'cross',
    state: 'refunded',
    id: 'cross:00000000-0000-4000-8000-000000000005',
    fromChainId: 1,
    toChainId: -3980891822,
    sender: A,
    receiver: historyBtcReceiver,
    tokenIn: token(0xc3),
    tokenOut: zero,
    amountIn: '2500000000',
    amountOut: null,
    tokenReceived: null,
    amountRefunded: '2500000000',
    originTxHash: historyHash(5),
    destinationTxHash: null,
    providerId: 'across',
    createdAt: '2026-01-04T10:00:00.000Z',
    finishedAt: '2026-01-04T12:00:00.000Z',
  },
  {
    kind: 'gasless',
    state: 'expired',
    id: 'gasless:00000000-0000-4000-8000-000000000006',
    fromChainId: 10,
    toChainId: 10,
    sender: A,
    receiver: A,
    tokenIn: token(0xc3),
    tokenOut: zero,
    amountIn: '1000000',
    amountOut: null,
    tokenReceived: null,
    amountRefunded: null,
    originTxHash: null,
    destinationTxHash: null,
    providerId: null,
    createdAt: '2026-01-03T10:00:00.000Z',
    finishedAt: '2026-01-03T10:01:00.000Z',
  },
  {
    kind: 'cross',
    state: 'delivered',
    id: 'cross:00000000-0000-4000-8000-000000000004',
    fromChainId: 1,
    toChainId: 42161,
    sender: A,
    receiver: A,
    tokenIn: token(0xc3),
    tokenOut: token(0xd4),
    amountIn: '2500000000',
    amountOut: '2499000000',
    tokenReceived: null,
    amountRefunded: null,
    originTxHash: historyHash(4),
    destinationTxHash: historyHash(44),
    providerId: 'stargate',
    createdAt: '2026-01-02T10:00:00.000Z',
    finishedAt: '2026-01-02T10:05:00.000Z',
  },
]
// base64url of "1767348000000.<uuid 4>": the first page ends at cross send 4, 2026-01-02T10:00:00Z
const firstCursor = 'MTc2NzM0ODAwMDAwMC4wMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDQ'

describe('GET /trade/v1/info/history/{address}', () => {
  it('pages every flow of the address, newest first, across two pages, in any letter case', async () => {
    const res = await app.request(`/trade/v1/info/history/${A.toLowerCase()}?limit=4`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ items: firstPage, nextCursor: firstCursor })
    const next = await app.request(
      `/trade/v1/info/history/${A.toUpperCase().replace('0X', '0x')}?limit=4&cursor=${firstCursor}`,
    )
    expect(next.status).toBe(200)
    expect(await next.json()).toEqual({
      items: [swap(2, historyOther, 2), swap(1, A, 1)],
      nextCursor: null,
    })
  })

  it('ends on a page exactly full with no cursor, and defaults to 20 items', async () => {
    expect(await (await app.request(`/trade/v1/info/history/${A}?limit=6`)).json()).toMatchObject({
      nextCursor: null,
    })
    const five = (await (await app.request(`/trade/v1/info/history/${A}?limit=5`)).json()) as {
      nextCursor: string | null
    }
    expect(five.nextCursor).not.toBeNull()
    const all = (await (await app.request(`/trade/v1/info/history/${A}`)).json()) as { items: unknown[] }
    expect(all.items).toHaveLength(6)
  })

  it('answers an empty list for an address with no records, EVM, bech32, base58 (DOGE, LTC, legacy BTC) or CashAddr', async () => {
    for (const address of [
      `0x${'9'.repeat(40)}`,
      'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu',
      'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
      'n1NgjL6tjaHh5ZyhwT3d9AeDGwxdTVBhmR',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      // Bitcoin Cash CashAddr, with or without its prefix, in either letter case
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      'BCHREG:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A',
    ])
      expect(await (await app.request(`/trade/v1/info/history/${address}`)).json()).toEqual({
        items: [],
        nextCursor: null,
      })
    const btc = (await (await app.request(`/trade/v1/info/history/${historyBtcReceiver}`)).json()) as {
      items: { id: string }[]
    }
    expect(btc.items.map((i) => i.id)).toEqual(['cross:00000000-0000-4000-8000-000000000005'])
  })

  it('exports the same rows as CSV with exact amounts', async () => {
    const res = await app.request(`/trade/v1/info/history/${historyOther}?format=csv`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="history-${historyOther.toLowerCase()}.csv"`,
    )
    const row = (n: number, receiver: string, day: number) =>
      `2026-01-0${day}T10:00:00.000Z,swap,delivered,10,10,${historyOther},${receiver},${zero},${token(0xc3)},` +
      `1000000000000000000,${2n ** 200n + BigInt(n)},,,${historyHash(n)},${historyHash(n)},,` +
      `2026-01-0${day}T10:00:00.000Z,swap:00000000-0000-4000-8000-00000000000${n}`
    expect(await res.text()).toBe(
      'createdAt,kind,state,fromChainId,toChainId,sender,receiver,tokenIn,tokenOut,amountIn,amountOut,' +
        'tokenReceived,amountRefunded,originTxHash,destinationTxHash,providerId,finishedAt,id\r\n' +
        `${row(3, '0x90F79bf6EB2c4f870365E785982E1f101E93b906', 3)}\r\n${row(2, A, 2)}\r\n`,
    )
  })

  it('exports every row from a cursor on as CSV, whatever the page size', async () => {
    const text = await (
      await app.request(`/trade/v1/info/history/${A}?format=csv&limit=1&cursor=${firstCursor}`)
    ).text()
    expect(text.split('\r\n').map((line) => line.split(',').at(-1))).toEqual([
      'id',
      'swap:00000000-0000-4000-8000-000000000002',
      'swap:00000000-0000-4000-8000-000000000001',
      '',
    ])
  })

  it.each([
    ['a short address', '0x1234?'],
    ['a mixed-case bech32 address', 'Cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu?'],
    ['a base58 address with a 0 (not base58)', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr70?'],
    ['a base58 address one character too short', `${'1'.repeat(24)}?`],
    ['limit 0', `${A}?limit=0`],
    ['limit 101', `${A}?limit=101`],
    ['a limit in hex', `${A}?limit=0x10`],
    ['a cursor not issued here', `${A}?cursor=bm90LWEtY3Vyc29y`],
    ['a format not offered', `${A}?format=xml`],
  ])('answers 400 INVALID_PARAMS for %s', async (_name, path) => {
    const res = await app.request(`/trade/v1/info/history/${path}`)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { statusCode: number; error: { code: string } }
    expect(body.statusCode).toBe(400)
    expect(body.error.code).toBe('INVALID_PARAMS')
  })

  it('accepts limit 100 and names the cursor in its error', async () => {
    expect((await app.request(`/trade/v1/info/history/${A}?limit=100`)).status).toBe(200)
    const res = await app.request(`/trade/v1/info/history/${A}?cursor=x`)
    expect(((await res.json()) as { message: string }).message).toContain(
      'cursor (cursor is not a nextCursor this endpoint issued)',
    )
  })
})
