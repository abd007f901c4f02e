import { createRoute, z } from '@hono/zod-openapi'
import { viewGaslessOrder } from '../gasless/viewGaslessOrder'
import { decodeHistoryCursor } from '../history/decodeHistoryCursor'
import { encodeHistoryCursor } from '../history/encodeHistoryCursor'
import { formatHistoryCsv } from '../history/formatHistoryCsv'
import { toCrossHistoryItem } from '../history/toCrossHistoryItem'
import { toGaslessHistoryItem } from '../history/toGaslessHistoryItem'
import { toSwapHistoryItem } from '../history/toSwapHistoryItem'
import { createRouter } from '../openapi/createRouter'
import {
  errorResponses,
  type HistoryItem,
  HistoryItemSchema,
  optionalQueryParam,
  pagingQueryParam,
} from '../openapi/schemas'
import type { Store } from '../store/createStore'
import { type AddressHistoryRow, listAddressHistory } from '../store/listAddressHistory'

/** Most rows one CSV export holds (newest first from its cursor); a longer history continues from a cursor. */
export const HISTORY_CSV_MAX_ROWS = 10_000

/**
 * An EVM address, a bech32 one (bc1…, bcrt1…, cosmos1…, thor1…) in one letter case, or a base58 one (DOGE, LTC
 * and legacy BTC addresses: 25 to 35 base58 characters), whose deposits the history lists too.
 */
const historyAddressPattern =
  /^(0x[0-9a-fA-F]{40}|[a-z]{1,20}1[02-9ac-hj-np-z]{6,90}|[A-Z]{1,20}1[02-9AC-HJ-NP-Z]{6,90}|[1-9A-HJ-NP-Za-km-z]{25,35}|((bitcoincash|bchtest|bchreg):)?[qp][02-9ac-hj-np-z]{41}|((BITCOINCASH|BCHTEST|BCHREG):)?[QP][02-9AC-HJ-NP-Z]{41})$/

/** A Bitcoin Cash CashAddr, its prefix optional; group 1 is the bare form. */
const cashAddrPattern = /^(?:(?:bitcoincash|bchtest|bchreg):)?([qp][02-9ac-hj-np-z]{41})$/i
const CASHADDR_PREFIXES = ['bitcoincash', 'bchtest', 'bchreg']

/**
 * The spellings an address's records may carry: a CashAddr is stored bare where a memo named it (memos leave its
 * prefix out) and with its prefix where a node reported it, so both are looked up.
 */
function lookupOf(address: string): { address: string; aliases?: string[] } {
  const bare = cashAddrPattern.exec(address)?.[1]
  return bare === undefined
    ? { address }
    : { address: bare, aliases: CASHADDR_PREFIXES.map((p) => `${p}:${bare}`) }
}

const HistoryParamsSchema = z.object({
  address: z
    .string()
    .regex(
      historyAddressPattern,
      'address must be an EVM address (0x and 40 hex digits), a bech32 address (bc1…, cosmos1…), a base58 one (D…, L…, 1…) or a CashAddr (bitcoincash:q…)',
    )
    .openapi({
      param: { name: 'address', in: 'path', description: 'Any letter case' },
      example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    }),
})

const HistoryQuerySchema = z.object({
  limit: pagingQueryParam('limit', 20, 1, 100).openapi({ description: 'Items per page (JSON only)' }),
  cursor: optionalQueryParam(
    z.string().transform((value, ctx) => {
      const cursor = decodeHistoryCursor(value)
      if (cursor === undefined) {
        ctx.addIssue({ code: 'custom', message: 'cursor is not a nextCursor this endpoint issued' })
        return z.NEVER
      }
      return cursor
    }),
  ).openapi({
    param: { name: 'cursor', in: 'query', description: "The previous page's `nextCursor` (opaque)" },
    type: 'string',
  }),
  format: optionalQueryParam(z.enum(['json', 'csv'])).openapi({
    param: {
      name: 'format',
      in: 'query',
      description: `csv: every item from the cursor on (at most ${HISTORY_CSV_MAX_ROWS}) as text/csv`,
    },
    type: 'string',
    enum: ['json', 'csv'],
    default: 'json',
  }),
})

const HistoryPageSchema = z
  .object({
    items: z.array(HistoryItemSchema),
    nextCursor: z
      .string()
      .nullable()
      .openapi({ description: 'Pass as `cursor` for the next page; null on the last page' }),
  })
  .openapi('HistoryPage')

const historyRoute = createRoute({
  method: 'get',
  path: '/trade/v1/info/history/{address}',
  tags: ['Info'],
  summary: "An address's trades, every flow",
  description:
    'Single-chain swaps through the aggregator, cross-chain sends (deposits into the liquidity network from ' +
    "UTXO and Cosmos wallets included, from the network's first sighting, with their `payment`) and gasless orders where the address is the " +
    'sender (owner) or the receiver, newest first, in one state model. Read from what the watchers recorded ' +
    'on chain, so every browser and device sees the same list. Cursor paging; `format=csv` exports as CSV.',
  request: { params: HistoryParamsSchema, query: HistoryQuerySchema },
  responses: {
    200: {
      description: 'A page of the history (or, with format=csv, the CSV export)',
      content: {
        'application/json': { schema: HistoryPageSchema },
        'text/csv': { schema: z.string().openapi({ description: 'A header line, then one line per item' }) },
      },
    },
    ...errorResponses(400, 429),
  },
})

const toItem = (entry: AddressHistoryRow, nowSec: number): HistoryItem => {
  switch (entry.kind) {
    case 'swap':
      return toSwapHistoryItem(entry.row)
    case 'cross':
      return toCrossHistoryItem(entry.row)
    case 'gasless':
      return toGaslessHistoryItem(viewGaslessOrder(entry.row, nowSec))
  }
}

/**
 * Route module of `GET /trade/v1/info/history/{address}`: the address's trades of every flow from the store
 * (`listAddressHistory`), as `HistoryItem`s, a page of `limit` with an opaque `nextCursor`, or with
 * `format=csv` a CSV file. 400 INVALID_PARAMS for a malformed address, limit, cursor or format. `now` (ms)
 * reads a pending gasless order past its deadline as expired.
 */
export function createHistoryRoutes({ store, now }: { store: Store; now: () => number }) {
  return createRouter().openapi(historyRoute, async (c) => {
    const lookup = lookupOf(c.req.valid('param').address)
    const { limit, cursor, format } = c.req.valid('query')
    const nowSec = Math.floor(now() / 1000)
    if (format === 'csv') {
      const rows = await listAddressHistory(store.db, {
        ...lookup,
        limit: HISTORY_CSV_MAX_ROWS,
        after: cursor,
      })
      return c.body(formatHistoryCsv(rows.map((row) => toItem(row, nowSec))), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="history-${lookup.address.toLowerCase()}.csv"`,
      })
    }
    // one more than the page: whether a next page exists, without a count
    const rows = await listAddressHistory(store.db, { ...lookup, limit: limit + 1, after: cursor })
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    const nextCursor =
      rows.length > limit && last !== undefined ? encodeHistoryCursor({ atMs: last.atMs, id: last.id }) : null
    return c.json({ items: page.map((row) => toItem(row, nowSec)), nextCursor }, 200)
  })
}
