import type { Address } from 'viem'
import { poolKindOf } from '../poolKinds/poolKinds'
import type { PoolState } from './types'

export interface PoolGraph {
  /** Usable pools; a pool's id is its index here. */
  readonly pools: readonly PoolState[]
  /** Lower-cased address -> address as spelled by the pools. */
  readonly addresses: ReadonlyMap<string, Address>
  /** Lower-cased token -> lower-cased neighbour -> pool ids. */
  readonly adjacency: ReadonlyMap<string, ReadonlyMap<string, readonly number[]>>
}

export interface BuildPoolGraphParams {
  pools: readonly PoolState[]
  /** Exchange ids or pool addresses to leave out. */
  excludedExchanges?: readonly string[]
  /** When given, only pools of these exchange ids. */
  exchangeIds?: readonly string[]
}

function isUsable(pool: PoolState): boolean {
  return poolKindOf(pool).isUsable(pool)
}

/** At most this many filter combinations keep their graph per pool list (filters come from requests). */
const MAX_GRAPHS_PER_POOL_LIST = 256

/** Each pool list's graphs, by filters (see `graphKey`). */
const graphsByPools = new WeakMap<readonly PoolState[], Map<string, PoolGraph>>()

/**
 * Groups the usable pools by token pair after applying the exchange filters (case-insensitive on ids and
 * addresses). Keys are lower-cased addresses so lookups are O(1) per call. A graph depends on the pool list and
 * the filters only, so it is built once per pool list and filters and shared (it is never modified).
 */
export function buildPoolGraph(params: BuildPoolGraphParams): PoolGraph {
  let graphs = graphsByPools.get(params.pools)
  if (!graphs) {
    graphs = new Map()
    graphsByPools.set(params.pools, graphs)
  }
  const key = graphKey(params)
  let graph = graphs.get(key)
  if (!graph) {
    if (graphs.size >= MAX_GRAPHS_PER_POOL_LIST) graphs.clear()
    graph = groupPools(params)
    graphs.set(key, graph)
  }
  return graph
}

/** The filters of a graph as one string (lower-cased: they match case-insensitively). */
function graphKey(params: BuildPoolGraphParams): string {
  const excluded = (params.excludedExchanges ?? []).join(',')
  return `${excluded}|${params.exchangeIds?.join(',') ?? '*'}`.toLowerCase()
}

function groupPools(params: BuildPoolGraphParams): PoolGraph {
  const excluded = new Set((params.excludedExchanges ?? []).map((entry) => entry.toLowerCase()))
  const only = params.exchangeIds ? new Set(params.exchangeIds.map((id) => id.toLowerCase())) : undefined
  const pools: PoolState[] = []
  const addresses = new Map<string, Address>()
  const adjacency = new Map<string, Map<string, number[]>>()
  const link = (from: string, to: string, id: number) => {
    let neighbours = adjacency.get(from)
    if (!neighbours) {
      neighbours = new Map()
      adjacency.set(from, neighbours)
    }
    const list = neighbours.get(to)
    if (list) list.push(id)
    else neighbours.set(to, [id])
  }
  for (const pool of params.pools) {
    const exchange = pool.exchangeId.toLowerCase()
    if (excluded.has(exchange) || excluded.has(pool.address.toLowerCase())) continue
    if (only && !only.has(exchange)) continue
    if (!isUsable(pool)) continue
    const id = pools.length
    pools.push(pool)
    const a = pool.token0.toLowerCase()
    const b = pool.token1.toLowerCase()
    addresses.set(a, pool.token0)
    addresses.set(b, pool.token1)
    link(a, b, id)
    link(b, a, id)
  }
  return { pools, addresses, adjacency }
}
