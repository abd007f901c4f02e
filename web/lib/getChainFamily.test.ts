import { describe, expect, it } from 'vitest'
import { getChainFamily } from './getChainFamily'

describe('getChainFamily', () => {
  it.each([
    [{ chainId: 1, family: 'evm' }, 'evm'],
    [{ chainId: 20000000000001, family: 'utxo' }, 'utxo'],
    [{ chainId: 20000000000006, family: 'cosmos' }, 'cosmos'],
    [{ chainId: 1 }, 'evm'],
    [{ chainId: 7, family: 'solana' }, undefined],
    [{ chainId: 7, family: undefined }, undefined],
  ])('%j -> %s', (chain, expected) => {
    expect(getChainFamily(chain)).toBe(expected)
  })
})
