import { describe, expect, it } from 'vitest'
import type { TokenRecord } from '../../../lib/api'
import { createSafeStorage } from '../../../lib/storage'
import { importedTokensStorageKey } from './importedTokensStorageKey'
import { needsImportConfirmation } from './needsImportConfirmation'
import { readImportedTokens } from './readImportedTokens'
import { maxImportedTokensPerChain, rememberImportedToken } from './rememberImportedToken'

const tokenOf = (n: number, chainId = 1, tags = ['long-tail', 'unverified']): TokenRecord => {
  const address = `0x${n.toString(16).padStart(40, '0')}` as TokenRecord['address']
  return {
    address,
    contractAddress: address,
    symbol: `T${n}`,
    name: `Token ${n}`,
    decimals: 18,
    chainId,
    logo: `/trade/v1/info/tokenLogo/${chainId}/${address}`,
    tags,
    priceInUsd: 0.5,
    transferFeeBps: 0,
    buyTax: 0,
    sellTax: 0,
    isNative: false,
  }
}

/** A storage whose browser side throws on every access, as in a cross-site iframe. */
const iframeStorage = () =>
  createSafeStorage(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  })

describe('imported tokens', () => {
  it('remembers a token per chain, once, the last import last', () => {
    const storage = iframeStorage()
    expect(storage.persistent).toBe(false)
    rememberImportedToken(storage, tokenOf(1))
    rememberImportedToken(storage, tokenOf(2))
    rememberImportedToken(storage, tokenOf(3, 56))
    expect(rememberImportedToken(storage, tokenOf(1)).map((t) => t.symbol)).toEqual(['T2', 'T1'])
    expect(readImportedTokens(storage, 1).map((t) => t.symbol)).toEqual(['T2', 'T1'])
    expect(readImportedTokens(storage, 56).map((t) => t.symbol)).toEqual(['T3'])
  })

  it(`keeps the last ${maxImportedTokensPerChain} of a chain`, () => {
    const storage = iframeStorage()
    for (let n = 1; n <= maxImportedTokensPerChain + 1; n++) rememberImportedToken(storage, tokenOf(n))
    const kept = readImportedTokens(storage, 1)
    expect(kept.length).toBe(maxImportedTokensPerChain)
    expect(kept[0]?.symbol).toBe('T2')
    expect(kept.at(-1)?.symbol).toBe(`T${maxImportedTokensPerChain + 1}`)
  })

  it('reads unreadable or foreign entries as none', () => {
    const storage = iframeStorage()
    storage.setItem(importedTokensStorageKey(1), '{not json')
    expect(readImportedTokens(storage, 1)).toEqual([])
    storage.setItem(
      importedTokensStorageKey(1),
      JSON.stringify([tokenOf(1, 56), { address: '0x1' }, tokenOf(4)]),
    )
    expect(readImportedTokens(storage, 1).map((t) => t.symbol)).toEqual(['T4'])
  })

  it('asks to confirm an unverified token until it is imported on its chain', () => {
    const unverified = tokenOf(7)
    expect(needsImportConfirmation(unverified, [])).toBe(true)
    expect(needsImportConfirmation(unverified, [tokenOf(7, 56)])).toBe(true)
    expect(
      needsImportConfirmation(unverified, [
        {
          ...tokenOf(7),
          address: unverified.address.toUpperCase().replace('0X', '0x') as TokenRecord['address'],
        },
      ]),
    ).toBe(false)
    expect(needsImportConfirmation(tokenOf(8, 1, ['long-tail']), [])).toBe(false)
  })
})
