import { describe, expect, it } from 'vitest'
import { evmChainIds } from '../server/chains/chainInfo'
import { devnetUsdPrices, getUsdPriceE18 } from './prices'
import { devnetTokens, getDevnetTokens } from './tokens'

describe('devnetTokens', () => {
  it('covers exactly the eight EVM chains', () => {
    expect(devnetTokens.map((c) => c.chainId)).toEqual(evmChainIds)
    expect(() => getDevnetTokens(5)).toThrow(/No devnet tokens/)
  })

  it.each(evmChainIds)('chain %i: unique symbols, priced, one taxed token, approve-reset USDT', (chainId) => {
    const { tokens } = getDevnetTokens(chainId)
    expect(new Set(tokens.map((t) => t.symbol)).size).toBe(tokens.length)
    for (const t of tokens) expect(Object.keys(devnetUsdPrices)).toContain(t.priceSymbol)
    expect(tokens.filter((t) => t.transferFeeBps === 200).map((t) => t.symbol)).toEqual(['TAX'])
    const resets = tokens.filter((t) => t.requireAllowanceReset)
    expect(resets).toHaveLength(1)
    expect(resets[0]?.name).toMatch(/Tether|USDT/)
    expect(resets[0]?.noReturnValue === true).toBe(chainId === 1)
    expect(tokens.filter((t) => t.tags.includes('long-tail')).length).toBeGreaterThanOrEqual(2)
  })

  it('uses the real decimals', () => {
    const decimals = (chainId: number, symbol: string) =>
      getDevnetTokens(chainId).tokens.find((t) => t.symbol === symbol)?.decimals
    expect([decimals(1, 'USDC'), decimals(1, 'USDT'), decimals(1, 'WBTC'), decimals(1, 'DAI')]).toEqual([
      6, 6, 8, 18,
    ])
    expect([decimals(56, 'USDC'), decimals(56, 'USDT'), decimals(56, 'BTCB')]).toEqual([18, 18, 18])
    expect([decimals(43114, 'USDt'), decimals(43114, 'BTC.b'), decimals(250, 'fUSDT')]).toEqual([6, 8, 6])
  })
})

describe('getUsdPriceE18', () => {
  it('parses the table exactly', () => {
    expect(getUsdPriceE18('ETH')).toBe(3000n * 10n ** 18n)
    expect(getUsdPriceE18('PEPE')).toBe(10n ** 13n)
    expect(getUsdPriceE18('POL')).toBe(5n * 10n ** 17n)
  })
})
