import TokenETH from '@web3icons/react/icons/tokens/TokenETH'
import TokenPOL from '@web3icons/react/icons/tokens/TokenPOL'
import { describe, expect, it } from 'vitest'
import { getMajorTokenIcon } from './getMajorTokenIcon'
import { loadWeb3Icon } from './loadWeb3Icon'

describe('getMajorTokenIcon', () => {
  it('has the bundled ETH logo for ETH and WETH, in any case', () => {
    expect(getMajorTokenIcon('eth')).toBe(TokenETH)
    expect(getMajorTokenIcon('WETH')).toBe(TokenETH)
  })

  it('loads a wrapped coin with its coin, one source for both', async () => {
    const wpol = getMajorTokenIcon('WPOL')
    expect(wpol).toBe(getMajorTokenIcon('MATIC'))
    expect(wpol === undefined ? undefined : await loadWeb3Icon(wpol)).toBe(TokenPOL)
  })

  it('has none for other symbols', () => {
    expect(getMajorTokenIcon('WBTC')).toBeUndefined()
  })
})
