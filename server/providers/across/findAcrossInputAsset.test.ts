import { describe, expect, it } from 'vitest'
import type { ChainDeployment } from '../../chains/deployment'
import { findAcrossInputAsset } from './findAcrossInputAsset'

const WETH = '0x00000000000000000000000000000000000000e1'
const USDC = '0x00000000000000000000000000000000000000c1'
const origin = {
  chainId: 1,
  wrappedNative: WETH,
  across: {
    spokePool: '0x0000000000000000000000000000000000000005',
    assets: [
      { asset: 'USDC', token: USDC, decimals: 6 },
      { asset: 'WETH', token: WETH, decimals: 18 },
    ],
    relayers: [],
  },
} as const satisfies Partial<ChainDeployment>

describe('findAcrossInputAsset', () => {
  const find = (token: string) => findAcrossInputAsset(origin as unknown as ChainDeployment, token)

  it('is the asset of the token, the wrapped native for the native coin', () => {
    expect(find(USDC.toUpperCase().replace('0X', '0x'))).toEqual({ asset: 'USDC', token: USDC, decimals: 6 })
    expect(find('0x0000000000000000000000000000000000000000')).toEqual({
      asset: 'WETH',
      token: WETH,
      decimals: 18,
    })
    expect(find(WETH)?.asset).toBe('WETH')
  })

  it('is undefined for another token or a chain without Across', () => {
    expect(find('0x00000000000000000000000000000000000000c2')).toBeUndefined()
    expect(
      findAcrossInputAsset({ ...origin, across: undefined } as unknown as ChainDeployment, USDC),
    ).toBeUndefined()
  })
})
