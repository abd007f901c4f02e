import { describe, expect, it } from 'vitest'
import type { ChainDeployment } from '../../chains/deployment'
import { findLiquidityEntryDeployment } from './findLiquidityEntryDeployment'

describe('findLiquidityEntryDeployment', () => {
  const withEntry = { chainId: 1, liquidityEntry: '0x00000000000000000000000000000000000000e7' }
  const without = { chainId: 56 }
  const deployments = [without, withEntry] as unknown as ChainDeployment[]

  it('is the deployment of the chain when it has our LiquidityEntry', () => {
    expect(findLiquidityEntryDeployment(deployments, 1)).toBe(withEntry)
    expect(findLiquidityEntryDeployment(deployments, 56)).toBeUndefined()
    expect(findLiquidityEntryDeployment(deployments, 43114)).toBeUndefined()
    expect(findLiquidityEntryDeployment(undefined, 1)).toBeUndefined()
  })
})
