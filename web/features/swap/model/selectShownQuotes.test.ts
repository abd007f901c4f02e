import { describe, expect, it } from 'vitest'
import { selectShownQuotes } from './selectShownQuotes'

const quotes = [
  { exchangeId: 'best', isBest: true },
  { exchangeId: 'uniswap-v3', isBest: false },
  { exchangeId: 'uniswap-v2', isBest: false },
]
const ids = (list: { exchangeId: string }[]) => list.map((q) => q.exchangeId)

describe('selectShownQuotes', () => {
  it('collapsed: only the best, and how many more there are', () => {
    const { shown, hiddenCount } = selectShownQuotes({ quotes, selectedId: 'best', expanded: false })
    expect(ids(shown)).toEqual(['best'])
    expect(hiddenCount).toBe(2)
  })

  it('collapsed: the chosen quote stays in view beside the best', () => {
    const { shown, hiddenCount } = selectShownQuotes({ quotes, selectedId: 'uniswap-v2', expanded: false })
    expect(ids(shown)).toEqual(['best', 'uniswap-v2'])
    expect(hiddenCount).toBe(1)
  })

  it('expanded: every quote in order', () => {
    const { shown, hiddenCount } = selectShownQuotes({ quotes, selectedId: 'best', expanded: true })
    expect(ids(shown)).toEqual(['best', 'uniswap-v3', 'uniswap-v2'])
    expect(hiddenCount).toBe(0)
  })

  it('without a best-marked quote the first one stands in for it', () => {
    const unmarked = quotes.map((q) => ({ ...q, isBest: false }))
    const { shown, hiddenCount } = selectShownQuotes({
      quotes: unmarked,
      selectedId: 'none',
      expanded: false,
    })
    expect(ids(shown)).toEqual(['best'])
    expect(hiddenCount).toBe(2)
  })
})
