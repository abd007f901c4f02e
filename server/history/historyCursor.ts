/**
 * Where a page of an address's history ends: the last item's time (ms, as the list orders it) and stored id
 * (a uuid, the tie-break among items of the same millisecond). The next page lists items strictly after it.
 */
export type HistoryCursor = { atMs: number; id: string }
