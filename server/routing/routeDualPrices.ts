/**
 * Prices for a dual bound (see `flowDualBound`) read off a route already found, before any flow solve: the
 * last token is worth 1, a token the route trades out of what its route directions turn it into at the margin
 * (the most, over them, of the price of their output times `rates[e]`, the marginal rate at the route's amount),
 * and any other token what its best direction turns it into (the price of its output times `rates[e]`, the spot
 * rate after fee). At a route that no flow can beat these are close to the optimum's own prices, so the bound at
 * them shows it without a solve; a pool beside the route whose spot rate beats the route's marginal one earns a
 * little at them, which the bound's samples tighten. Passes from the output back until nothing rises, at most one
 * per token (a rise around a cycle stops there: the bound holds at any prices). Pure.
 */
export function routeDualPrices(
  edges: readonly { readonly from: number; readonly to: number }[],
  tokenCount: number,
  rates: readonly number[],
  onRoute: readonly boolean[],
): number[] {
  const routed = Array.from({ length: tokenCount }, () => false)
  for (const [e, edge] of edges.entries()) if (onRoute[e]) routed[edge.from] = true
  const prices = Array.from({ length: tokenCount }, (_, t): number => (t === tokenCount - 1 ? 1 : 0))
  for (let pass = 0, changed = true; changed && pass < tokenCount; pass++) {
    changed = false
    for (let e = edges.length - 1; e >= 0; e--) {
      const edge = edges[e]
      if (!edge || edge.from === tokenCount - 1 || (routed[edge.from] && !onRoute[e])) continue
      const value = (prices[edge.to] ?? 0) * (rates[e] ?? 0)
      if (value > (prices[edge.from] ?? 0)) {
        prices[edge.from] = value
        changed = true
      }
    }
  }
  return prices
}
