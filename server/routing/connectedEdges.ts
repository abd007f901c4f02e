/**
 * Which of the `usable` edges lie on some path from token 0 to the last token over usable edges: an edge into a
 * token with no way on (its only pool out could not be sampled, or was pruned) or out of a token the input
 * cannot reach can carry no flow, and left in the problem it would soak up flow the dual never prices out
 * (the dead-end token has no outflow to balance, so the solve runs to its sweep cap and fails).
 */
export function connectedEdges(
  edges: readonly { readonly from: number; readonly to: number }[],
  tokenCount: number,
  usable: readonly boolean[],
): boolean[] {
  const reached = Array.from({ length: tokenCount }, (_, t) => t === 0)
  const leaves = Array.from({ length: tokenCount }, (_, t) => t === tokenCount - 1)
  // passes until nothing changes (edges mostly run from a lower index to a higher one, so two passes settle most)
  for (let changed = true; changed; ) {
    changed = false
    for (const [e, edge] of edges.entries()) {
      if (usable[e] && reached[edge.from] && !reached[edge.to]) {
        reached[edge.to] = true
        changed = true
      }
      if (usable[e] && leaves[edge.to] && !leaves[edge.from]) {
        leaves[edge.from] = true
        changed = true
      }
    }
  }
  return edges.map((edge, e) => usable[e] === true && reached[edge.from] === true && leaves[edge.to] === true)
}
