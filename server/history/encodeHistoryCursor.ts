import type { HistoryCursor } from './historyCursor'

/** The opaque `nextCursor` string of a history page ending at `cursor` (base64url; `decodeHistoryCursor` reads it). */
export function encodeHistoryCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.atMs}.${cursor.id}`, 'utf8').toString('base64url')
}
