import { describe, expect, it } from 'vitest'
import { testAddress } from '../testPools'
import { computeAlgebraPoolAddress } from './computeAlgebraPoolAddress'

describe('computeAlgebraPoolAddress', () => {
  const params = { poolDeployer: testAddress(0xde), initCodeHash: `0x${'11'.repeat(32)}` as const }

  it('is CREATE2 from the pool deployer with the sorted tokens as salt (the chain test checks it on a deployment)', () => {
    expect(computeAlgebraPoolAddress({ ...params, token0: testAddress(1), token1: testAddress(2) })).toBe(
      '0x7580c6Df534E9ED009584f46305C9fDbFd7fE9d4',
    )
  })

  it('refuses unsorted or equal tokens', () => {
    expect(() =>
      computeAlgebraPoolAddress({ ...params, token0: testAddress(2), token1: testAddress(1) }),
    ).toThrow('token0 must sort before token1')
    expect(() =>
      computeAlgebraPoolAddress({ ...params, token0: testAddress(2), token1: testAddress(2) }),
    ).toThrow('token0 must sort before token1')
  })
})
