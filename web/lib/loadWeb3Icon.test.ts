import TokenETH from '@web3icons/react/icons/tokens/TokenETH'
import TokenUSDC from '@web3icons/react/icons/tokens/TokenUSDC'
import { describe, expect, it } from 'vitest'
import { getLoadedWeb3Icon, loadWeb3Icon, type Web3IconSource } from './loadWeb3Icon'

describe('loadWeb3Icon', () => {
  it('answers a bundled logo at once, with no load', async () => {
    expect(getLoadedWeb3Icon(TokenETH)).toBe(TokenETH)
    expect(await loadWeb3Icon(TokenETH)).toBe(TokenETH)
  })

  it('loads a logo once, however often asked, and has it at hand afterwards', async () => {
    let loads = 0
    const source: Web3IconSource = {
      load: async () => {
        loads += 1
        return { default: TokenUSDC }
      },
    }
    expect(getLoadedWeb3Icon(source)).toBeUndefined()
    const [first, second] = await Promise.all([loadWeb3Icon(source), loadWeb3Icon(source)])
    expect([first, second, loads]).toEqual([TokenUSDC, TokenUSDC, 1])
    expect(getLoadedWeb3Icon(source)).toBe(TokenUSDC)
    expect(await loadWeb3Icon(source)).toBe(TokenUSDC)
    expect(loads).toBe(1)
  })

  it('resolves undefined when the chunk cannot be fetched, and tries again on the next call', async () => {
    let loads = 0
    const source: Web3IconSource = {
      load: async () => {
        loads += 1
        if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module')
        return { default: TokenUSDC }
      },
    }
    expect(await loadWeb3Icon(source)).toBeUndefined()
    expect(getLoadedWeb3Icon(source)).toBeUndefined()
    expect(await loadWeb3Icon(source)).toBe(TokenUSDC)
    expect(loads).toBe(2)
  })
})
