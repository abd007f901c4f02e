import { AppError } from '../errors'
import { decodeJsonBytes, type JsonText, joinJsonArray, toJsonText } from '../http/jsonText'
import { buildValidationError } from '../middleware/validationHook'
import type { SingleQuoteResponse } from './formatSingleQuote'
import { type QuoteCaller, type QuoteServiceDeps, quoteSingle } from './quoteSingle'
import { SingleQuoteQuerySchema } from './singleQuoteQuery'

/** Most items one `batch_quote/single` call may carry. */
export const MAX_BATCH_QUOTES = 25

/** One item of a batch answer: its quotes, or the error it alone failed with. */
export type BatchQuoteItem =
  | { index: number; status: 200; quotes: SingleQuoteResponse[] }
  | { index: number; status: number; error: { code: string; message: string; details?: unknown } }

/** One event of a streamed `batch_quote/single` answer. */
export type BatchQuoteEvent =
  /** An item's answer (as the JSON answer's element `index`), as soon as it is quoted; `id` is its index. */
  | { event: 'item'; id: number; data: JsonText<BatchQuoteItem> }
  /** Every item was sent: how many. */
  | { event: 'end'; data: { items: number } }
  /** An item failed in a way no item answer covers (the JSON answer's 500); nothing follows. */
  | { event: 'error'; error: unknown }

/** The batch's items: `requestsJson` parsed. Throws INVALID_PARAMS unless it is a JSON array of 1..25 values. */
function parseBatchRequests(requestsJson: string): unknown[] {
  let items: unknown
  try {
    items = JSON.parse(requestsJson)
  } catch {
    throw new AppError('INVALID_PARAMS', 'requests must be a JSON array of quote parameter objects')
  }
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_BATCH_QUOTES) {
    throw new AppError('INVALID_PARAMS', `requests must be a JSON array of 1 to ${MAX_BATCH_QUOTES} objects`)
  }
  return items
}

/** Item `index` quoted (see `quoteSingle`), or the AppError it alone failed with; rethrows any other error. */
async function quoteBatchItem(
  deps: QuoteServiceDeps,
  chainId: number,
  item: unknown,
  index: number,
  caller: QuoteCaller,
): Promise<JsonText<BatchQuoteItem>> {
  try {
    const parsed = SingleQuoteQuerySchema.safeParse(item)
    if (!parsed.success) throw buildValidationError('query', parsed.error.issues)
    const lent = await quoteSingle(deps, chainId, parsed.data, caller)
    // the item's quotes are JSON already: written into the item as they are
    const quotes = decodeJsonBytes(lent.bytes)
    lent.release()
    return `{"index":${index},"status":200,"quotes":${quotes}}` as JsonText<BatchQuoteItem>
  } catch (error: unknown) {
    if (!(error instanceof AppError)) throw error
    const e =
      error.details === undefined
        ? { code: error.code, message: error.message }
        : { code: error.code, message: error.message, details: error.details }
    return toJsonText<BatchQuoteItem>({ index, status: error.status, error: e })
  }
}

/**
 * `batch_quote/single`: parses `requestsJson` (a JSON array of 1..25 quote/single query objects) and
 * quotes every item in parallel; an item that fails answers its own status and error, never failing the
 * others. The answer is JSON text around each item's own (see `quoteSingle`). Throws INVALID_PARAMS for a
 * list that is not such an array, UNSUPPORTED_CHAIN or CHAIN_LOADING for the chain.
 */
export async function batchQuoteSingle(
  deps: QuoteServiceDeps,
  chainId: number,
  requestsJson: string,
  caller: QuoteCaller,
): Promise<JsonText<BatchQuoteItem[]>> {
  // a chain still loading fails the whole batch (503 CHAIN_LOADING), as an unsupported one does
  deps.markets.get(chainId).assertLoaded()
  const items = parseBatchRequests(requestsJson)
  const answers = await Promise.all(
    items.map((item, index) => quoteBatchItem(deps, chainId, item, index, caller)),
  )
  return joinJsonArray(answers)
}

/**
 * `batch_quote/single` as a stream: the chain and the list are checked first (throwing what `batchQuoteSingle`
 * throws, before anything is written), then the returned function quotes every item at once and sends each
 * item's answer the moment it is ready, so a slow item never holds the others; then `end`, or `error` when an
 * item failed with what is not an AppError.
 */
export function openBatchQuoteStream(
  deps: QuoteServiceDeps,
  chainId: number,
  requestsJson: string,
  caller: QuoteCaller,
): (send: (event: BatchQuoteEvent) => Promise<void>) => Promise<void> {
  // a chain still loading fails the whole batch (503 CHAIN_LOADING), as an unsupported one does
  deps.markets.get(chainId).assertLoaded()
  const items = parseBatchRequests(requestsJson)
  return async (send) => {
    // items are sent one at a time, in the order they were quoted; nothing after `error`
    let failed = false
    let writing = Promise.resolve()
    const quoted = items.map((item, index) =>
      quoteBatchItem(deps, chainId, item, index, caller).then((data) => {
        writing = writing.then(() => (failed ? undefined : send({ event: 'item', id: index, data })))
        return writing
      }),
    )
    try {
      await Promise.all(quoted)
    } catch (error: unknown) {
      failed = true
      await writing.catch(() => undefined)
      await send({ event: 'error', error })
      return
    }
    await send({ event: 'end', data: { items: items.length } })
  }
}
