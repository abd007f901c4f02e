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

/**
 * `batch_quote/single`: parses `requestsJson` (a JSON array of 1..25 quote/single query objects) and
 * quotes every item in parallel; an item that fails answers its own status and error, never failing the
 * others. The answer is JSON text around each item's own (see `quoteSingle`). Throws INVALID_PARAMS for a
 * list that is not such an array, UNSUPPORTED_CHAIN for the chain.
 */
export async function batchQuoteSingle(
  deps: QuoteServiceDeps,
  chainId: number,
  requestsJson: string,
  caller: QuoteCaller,
): Promise<JsonText<BatchQuoteItem[]>> {
  deps.markets.get(chainId)
  let items: unknown
  try {
    items = JSON.parse(requestsJson)
  } catch {
    throw new AppError('INVALID_PARAMS', 'requests must be a JSON array of quote parameter objects')
  }
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_BATCH_QUOTES) {
    throw new AppError('INVALID_PARAMS', `requests must be a JSON array of 1 to ${MAX_BATCH_QUOTES} objects`)
  }
  const answers = await Promise.all(
    items.map(async (item: unknown, index): Promise<JsonText<BatchQuoteItem>> => {
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
    }),
  )
  return joinJsonArray(answers)
}
