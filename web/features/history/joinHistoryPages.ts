import type { AddressHistoryItem } from './api/fetchAddressHistory'

/**
 * The server history's loaded pages as one list, and how many rows the panel shows with them: `limit` per
 * loaded page (one page when none is loaded yet), so each "Load more" shows one more page of rows. Pure.
 */
export function joinHistoryPages(
  pages: readonly { items: readonly AddressHistoryItem[] }[] | undefined,
  limit: number,
): { items: AddressHistoryItem[]; shownLimit: number } {
  const loaded = pages ?? []
  return { items: loaded.flatMap((page) => page.items), shownLimit: limit * Math.max(1, loaded.length) }
}
