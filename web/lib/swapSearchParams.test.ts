import { describe, expect, it } from 'vitest'
import { buildSwapSearch, parseSwapSearchParams, resolveTokenRef, toTokenRef } from './swapSearchParams'

const eth = { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH' } as const
const usdc = { address: '0x60921cC29694984e5bA144631377803f57c366A3', symbol: 'USDC' } as const
const fakeUsdc = { address: '0x7cd6D9B772fca718294e655ed424c2c2D067cb7b', symbol: 'usdc' } as const

describe('parseSwapSearchParams', () => {
  it('reads every field', () => {
    expect(
      parseSwapSearchParams(
        `?chain=10&toChain=56&from=ETH&to=0xabc&amount=1.5&side=out&receiver=${usdc.address}`,
      ),
    ).toStrictEqual({
      chainId: 10,
      toChainId: 56,
      from: 'ETH',
      to: '0xabc',
      amount: '1.5',
      side: 'out',
      receiver: usdc.address,
    })
  })
  it('defaults and drops invalid values', () => {
    expect(parseSwapSearchParams('?toChain=-3980891822').toChainId).toBe(-3980891822)
    expect(
      parseSwapSearchParams('?chain=x&toChain=0&amount=1e5&side=sideways&receiver=0xnope'),
    ).toStrictEqual({
      chainId: undefined,
      toChainId: undefined,
      from: undefined,
      to: undefined,
      amount: undefined,
      side: 'in',
      receiver: undefined,
    })
  })
})

describe('buildSwapSearch', () => {
  it('writes the form and keeps unrelated parameters', () => {
    expect(
      buildSwapSearch({ search: '?ref=x', chainId: 1, from: 'ETH', to: 'USDC', amount: '2', side: 'out' }),
    ).toBe('?ref=x&chain=1&from=ETH&to=USDC&amount=2&side=out')
  })
  it('removes an empty amount and its side', () => {
    expect(
      buildSwapSearch({
        search: '?amount=3&side=in',
        chainId: 1,
        from: 'ETH',
        to: undefined,
        amount: '',
        side: 'in',
      }),
    ).toBe('?chain=1&from=ETH')
  })
})

describe('resolveTokenRef', () => {
  it('matches addresses in any case and unique symbols', () => {
    expect(resolveTokenRef({ ref: usdc.address.toLowerCase(), tokens: [eth, usdc] })).toBe(usdc)
    expect(resolveTokenRef({ ref: 'eth', tokens: [eth, usdc] })).toBe(eth)
    expect(resolveTokenRef({ ref: 'USDC', tokens: [eth, usdc, fakeUsdc] })).toBeUndefined()
    expect(resolveTokenRef({ ref: 'DAI', tokens: [eth, usdc] })).toBeUndefined()
    expect(resolveTokenRef({ ref: undefined, tokens: [eth] })).toBeUndefined()
  })
})

describe('toTokenRef', () => {
  it('uses the symbol when unique, else the address', () => {
    expect(toTokenRef({ token: usdc, tokens: [eth, usdc] })).toBe('USDC')
    expect(toTokenRef({ token: usdc, tokens: [eth, usdc, fakeUsdc] })).toBe(usdc.address)
  })
})
