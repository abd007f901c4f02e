import { describe, expect, test } from 'vitest'
import { filterWidgetTokens, matchesTokenRef } from './filterWidgetTokens'

const eth = { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH' }
const usdc = { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC' }
const dai = { address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', symbol: 'DAI' }

describe('filterWidgetTokens', () => {
  test('by symbol (any case) or address (any case), all when unset', () => {
    expect(
      filterWidgetTokens([eth, usdc, dai], ['eth', '0x6b175474e89094c44da98b954eedeac495271d0f']),
    ).toEqual([eth, dai])
    expect(filterWidgetTokens([eth, usdc], undefined)).toEqual([eth, usdc])
    expect(filterWidgetTokens([eth, usdc], ['WBTC'])).toEqual([])
  })

  test('matchesTokenRef does not match a symbol against an address', () => {
    expect(matchesTokenRef(usdc, 'USDC')).toBe(true)
    expect(matchesTokenRef(usdc, dai.address)).toBe(false)
  })
})
