import { describe, expect, it } from 'vitest'
import { getNativeCurrency } from './getNativeCurrency'

describe('getNativeCurrency', () => {
  it.each([
    [56, { name: 'BNB', symbol: 'BNB', decimals: 18 }],
    [-3980891822, { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }],
    [-978111860, { name: 'Cosmos', symbol: 'ATOM', decimals: 6 }],
    [999, { name: 'Ether', symbol: 'ETH', decimals: 18 }],
  ])('chain %i', (chainId, currency) => {
    expect(getNativeCurrency(chainId)).toEqual(currency)
  })
})
