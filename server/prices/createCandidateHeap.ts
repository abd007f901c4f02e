export interface PriceCandidate {
  /** USD depth of the pool on its priced side. */
  depthUsd: number
  /** The pool's position in the list: the earlier wins a tie. */
  index: number
  /** The side to price: 0 token0, 1 token1. */
  side: 0 | 1
}

export interface CandidateHeap {
  push(depthUsd: number, index: number, side: 0 | 1): void
  /** The deepest candidate (the earliest pool on a tie), or `undefined` when empty. */
  pop(): PriceCandidate | undefined
}

const before = (a: PriceCandidate, b: PriceCandidate) =>
  a.depthUsd > b.depthUsd || (a.depthUsd === b.depthUsd && a.index < b.index)

/** A binary max-heap of price candidates, ordered by depth, then by pool position. */
export function createCandidateHeap(): CandidateHeap {
  const items: PriceCandidate[] = []
  return {
    push(depthUsd, index, side) {
      const item = { depthUsd, index, side }
      let at = items.length
      items.push(item)
      while (at > 0) {
        const parent = (at - 1) >> 1
        const above = items[parent] as PriceCandidate
        if (!before(item, above)) break
        items[at] = above
        at = parent
      }
      items[at] = item
    },
    pop() {
      const top = items[0]
      const last = items.pop()
      if (top === undefined || last === undefined || items.length === 0) return top
      let at = 0
      for (;;) {
        const left = 2 * at + 1
        if (left >= items.length) break
        const right = left + 1
        const child =
          right < items.length && before(items[right] as PriceCandidate, items[left] as PriceCandidate)
            ? right
            : left
        if (!before(items[child] as PriceCandidate, last)) break
        items[at] = items[child] as PriceCandidate
        at = child
      }
      items[at] = last
      return top
    },
  }
}
