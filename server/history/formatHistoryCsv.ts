import type { HistoryItem } from '../openapi/schemas'

/** The CSV columns, in order: every field of a history item (the header line names them). */
export const historyCsvColumns = [
  'createdAt',
  'kind',
  'state',
  'fromChainId',
  'toChainId',
  'sender',
  'receiver',
  'tokenIn',
  'tokenOut',
  'amountIn',
  'amountOut',
  'tokenReceived',
  'amountRefunded',
  'originTxHash',
  'destinationTxHash',
  'providerId',
  'finishedAt',
  'id',
] as const satisfies readonly (keyof HistoryItem)[]

/** One CSV field (RFC 4180): quoted only when it holds a comma, a quote or a line break; null is empty. */
const field = (value: string | number | null) => {
  const text = value === null ? '' : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * History items as CSV text: a header line of `historyCsvColumns`, then one line per item, CRLF line ends
 * (RFC 4180), amounts as the exact base-unit decimal strings of the JSON. Pure.
 */
export function formatHistoryCsv(items: readonly HistoryItem[]): string {
  const lines = [
    historyCsvColumns.join(','),
    ...items.map((item) => historyCsvColumns.map((column) => field(item[column])).join(',')),
  ]
  return `${lines.join('\r\n')}\r\n`
}
