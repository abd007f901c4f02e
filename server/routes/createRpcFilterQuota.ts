/** Bookkeeping of the node filters each client of the RPC proxy holds (see `createRpcFilterQuota`). */
export interface RpcFilterQuota {
  /** Reserves room for one new filter of `client`; false when it already holds (or awaits) `maxFilters`. */
  tryReserve(client: string): boolean
  /** A reserved filter was created with `filterId`, or was not (undefined): the reservation ends. */
  settle(client: string, filterId: string | undefined): void
  /** `client` polled or uninstalled `filterId`: a poll keeps it alive as the node does, an uninstall frees it. */
  touch(client: string, filterId: string): void
  release(client: string, filterId: string): void
}

/**
 * Counts the filters (`eth_newFilter`, `eth_newBlockFilter`, `eth_newPendingTransactionFilter`) each client
 * holds on the node, so one client cannot fill the node's memory with them. A filter counts until it is
 * uninstalled or `idleMs` (default 5 min, the node's own filter timeout) pass without a poll. In memory, per
 * process; clients without filters take no room.
 */
export function createRpcFilterQuota({
  maxFilters,
  idleMs = 300_000,
  now = Date.now,
}: {
  maxFilters: number
  idleMs?: number
  now?: () => number
}): RpcFilterQuota {
  const clients = new Map<string, { filters: Map<string, number>; pending: number }>()

  const holdingsOf = (client: string) => {
    const holdings = clients.get(client) ?? { filters: new Map<string, number>(), pending: 0 }
    const nowMs = now()
    for (const [id, idleUntilMs] of holdings.filters) if (idleUntilMs <= nowMs) holdings.filters.delete(id)
    return holdings
  }
  const store = (client: string, holdings: { filters: Map<string, number>; pending: number }) => {
    if (holdings.filters.size === 0 && holdings.pending === 0) clients.delete(client)
    else clients.set(client, holdings)
  }

  return {
    tryReserve(client) {
      const holdings = holdingsOf(client)
      const room = holdings.filters.size + holdings.pending < maxFilters
      if (room) holdings.pending += 1
      store(client, holdings)
      return room
    },
    settle(client, filterId) {
      const holdings = holdingsOf(client)
      holdings.pending = Math.max(0, holdings.pending - 1)
      if (filterId !== undefined) holdings.filters.set(filterId, now() + idleMs)
      store(client, holdings)
    },
    touch(client, filterId) {
      const holdings = holdingsOf(client)
      if (holdings.filters.has(filterId)) holdings.filters.set(filterId, now() + idleMs)
      store(client, holdings)
    },
    release(client, filterId) {
      const holdings = holdingsOf(client)
      holdings.filters.delete(filterId)
      store(client, holdings)
    },
  }
}
