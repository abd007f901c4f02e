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
    for (const next of neighbours.keys()) {
      if (next === tokenOut || next === tokenIn || !connectors.has(next) || path.includes(next)) continue
      if (isExcludedIntermediate?.(next)) continue
      path.push(next)
      visit(path)
      path.pop()
    }
  }
  if (tokenIn !== tokenOut) visit([tokenIn])
  return paths
}
