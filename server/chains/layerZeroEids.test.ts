import { describe, expect, it } from 'vitest'
import { evmChainIds } from './chainInfo'
import { getChainIdForLayerZeroEid, getLayerZeroEid } from './layerZeroEids'

describe('layerZeroEids', () => {
  it('gives every EVM chain its mainnet eid, and back', () => {
    expect(evmChainIds.map((id) => getLayerZeroEid(id))).toEqual([
      30101, 30111, 30102, 30109, 30112, 30184, 30110, 30106,
    ])
    expect(getChainIdForLayerZeroEid(30110)).toBe(42161)
    expect(getChainIdForLayerZeroEid(30999)).toBeUndefined()
    expect(getLayerZeroEid(-3980891822)).toBeUndefined()
  })
})
