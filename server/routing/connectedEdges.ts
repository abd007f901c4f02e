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
  // edges run from a lower token index to a higher one: one pass forward and one backward settle both
  const order = edges.map((_, e) => e).sort((a, b) => (edges[a]?.from ?? 0) - (edges[b]?.from ?? 0))
  for (const e of order) {
    const edge = edges[e]
    if (edge && usable[e] && reached[edge.from]) reached[edge.to] = true
  }
  for (let k = order.length - 1; k >= 0; k--) {
    const edge = edges[order[k] ?? -1]
    if (edge && usable[order[k] ?? -1] && leaves[edge.to]) leaves[edge.from] = true
  }
  return edges.map((edge, e) => usable[e] === true && reached[edge.from] === true && leaves[edge.to] === true)
}
