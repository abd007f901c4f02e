import { describe, expect, test } from 'vitest'
import { getWidgetChains, isWidgetFlowAllowed } from './getWidgetChains'

const chain = (chainId: number, singleChain: boolean, crossChain: boolean) => ({
  chainId,
  flows: { singleChain, crossChain, utxo: false },
})
const chains = [chain(1, true, false), chain(56, true, true), chain(10, false, false)]

describe('getWidgetChains', () => {
  test('all chains with an advertised flow when nothing is configured', () => {
    expect(getWidgetChains({ chains, config: {} }).map((c) => c.chainId)).toEqual([1, 56])
  })

  test('the allowed chains and flows only, in the server order', () => {
    expect(getWidgetChains({ chains, config: { chains: [56, 1, 10] } }).map((c) => c.chainId)).toEqual([
      1, 56,
    ])
    expect(getWidgetChains({ chains, config: { flows: ['crossChain'] } }).map((c) => c.chainId)).toEqual([56])
    expect(getWidgetChains({ chains, config: { flows: ['utxo'] } })).toEqual([])
  })

  test('isWidgetFlowAllowed', () => {
    expect(isWidgetFlowAllowed(undefined, 'crossChain')).toBe(true)
    expect(isWidgetFlowAllowed({ flows: ['singleChain'] }, 'crossChain')).toBe(false)
    expect(isWidgetFlowAllowed({ flows: ['singleChain'] }, 'singleChain')).toBe(true)
  })
})
