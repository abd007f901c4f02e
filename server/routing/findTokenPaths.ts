import type { PoolGraph } from './buildPoolGraph'

export interface FindTokenPathsParams {
  graph: PoolGraph
  /** Lower-cased. */
  tokenIn: string
  /** Lower-cased. */
  tokenOut: string
  /** Lower-cased connector tokens allowed as intermediates. */
  connectors: ReadonlySet<string>
  maxHops: number
  /** Intermediates to refuse (e.g. fee-on-transfer tokens for exact output). */
  isExcludedIntermediate?: (token: string) => boolean
}

/**
 * Token sequences tokenIn -> ... -> tokenOut of 1..maxHops hops whose intermediates are distinct connectors
 * with pools on every hop. Lower-cased keys. Depth-first; at most |connectors|^(maxHops-1) paths.
 */
export function findTokenPaths(params: FindTokenPathsParams): string[][] {
  const { graph, tokenIn, tokenOut, connectors, maxHops, isExcludedIntermediate } = params
  const paths: string[][] = []
  const visit = (path: string[]) => {
    const last = path[path.length - 1]
    if (last === undefined) return
    const neighbours = graph.adjacency.get(last)
    if (!neighbours) return
    const hops = path.length
    if (neighbours.has(tokenOut)) paths.push([...path, tokenOut])
    if (hops >= maxHops) return
    for (const next of connectorsBeside(graph, last, neighbours, connectors)) {
      if (next === tokenOut || next === tokenIn || path.includes(next)) continue
      if (isExcludedIntermediate?.(next)) continue
      path.push(next)
      visit(path)
      path.pop()
    }
  }
  if (tokenIn !== tokenOut) visit([tokenIn])
  return paths
}

/** Each graph's tokens' neighbours in adjacency order, by position (see `connectorsBeside`). */
const positionsByGraph = new WeakMap<PoolGraph, Map<string, ReadonlyMap<string, number>>>()

/**
 * The connectors among `token`'s neighbours, in the graph's adjacency order. A hub's neighbours are thousands
 * on a real market and a request's connectors a few dozen: where they are fewer, each is looked up and the
 * found ones put in adjacency order by their positions (memoized per graph and token).
 */
function connectorsBeside(
  graph: PoolGraph,
  token: string,
  neighbours: ReadonlyMap<string, unknown>,
  connectors: ReadonlySet<string>,
): string[] {
  if (neighbours.size <= connectors.size) return [...neighbours.keys()].filter((t) => connectors.has(t))
  let byToken = positionsByGraph.get(graph)
  if (!byToken) {
    byToken = new Map()
    positionsByGraph.set(graph, byToken)
  }
  let positions = byToken.get(token)
  if (!positions) {
    const map = new Map<string, number>()
    for (const t of neighbours.keys()) map.set(t, map.size)
    positions = map
    byToken.set(token, positions)
  }
  const found: string[] = []
  for (const c of connectors) if (neighbours.has(c)) found.push(c)
  return found.sort((a, b) => (positions.get(a) ?? 0) - (positions.get(b) ?? 0))
}
