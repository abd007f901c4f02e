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
  const reached = new Uint8Array(tokenCount)
  const leaves = new Uint8Array(tokenCount)
  reached[0] = 1
  leaves[tokenCount - 1] = 1
  const ids: number[] = []
  for (let e = 0; e < edges.length; e++) if (usable[e]) ids.push(e)
  // passes until nothing changes (edges mostly run from a lower index to a higher one, so two passes settle most)
  for (let changed = true; changed; ) {
    changed = false
    for (const e of ids) {
      const edge = edges[e]
      if (!edge) continue
      if (reached[edge.from] && !reached[edge.to]) {
        reached[edge.to] = 1
        changed = true
      }
      if (leaves[edge.to] && !leaves[edge.from]) {
        leaves[edge.from] = 1
        changed = true
      }
    }
  }
  return edges.map((edge, e) => usable[e] === true && reached[edge.from] === 1 && leaves[edge.to] === 1)
}
