import type { HistoryCursor } from './historyCursor'

const cursorPattern = /^(\d{1,16})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

/**
 * Reads a cursor `encodeHistoryCursor` wrote; undefined for any other string (the route answers 400 then), so a
 * hand-made or truncated cursor never reaches a query.
 */
export function decodeHistoryCursor(value: string): HistoryCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,96}$/.test(value)) return undefined
  const match = cursorPattern.exec(Buffer.from(value, 'base64url').toString('utf8'))
  if (match?.[1] === undefined || match[2] === undefined) return undefined
  const atMs = Number(match[1])
  if (atMs > 8.64e15) return undefined
  return { atMs, id: match[2] }
}
