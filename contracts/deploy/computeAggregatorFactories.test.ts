import { zeroHash } from 'viem'
import { describe, expect, it } from 'vitest'
import { poolKinds } from '../../server/poolKinds/poolKinds'
import { computeAggregatorFactories } from './computeAggregatorFactories'
import { DeployError } from './DeployError'
import { encodeV4EntryParams } from './encodeV4EntryParams'
import { type DeployChainConfig, parseDeployConfig } from './parseDeployConfig'

const hash = `0x${'11'.repeat(32)}` as const
const at = (n: number) => `0x${n.toString(16).padStart(40, '0')}`

function chainWith(exchanges: unknown[]): DeployChainConfig {
  const [chain] = parseDeployConfig([
    { chainId: 1, rpcUrl: 'http://127.0.0.1:1', wrappedNative: at(1), permit2: at(2), exchanges },
  ]).chains
  if (!chain) throw new Error('no chain')
  return chain
}

describe('computeAggregatorFactories', () => {
  it('places each exchange at its id: V4 one entry per spacing and nativeness, Algebra its pool deployer', () => {
    const factories = computeAggregatorFactories(
      chainWith([
        {
          id: 'v4',
          kind: 'uniswap-v4',
          factory: at(40),
          initCodeHash: zeroHash,
          aggregatorFactoryId: 2,
          v4: {
            entries: [
              { tickSpacing: 60, native: false, factoryId: 2 },
              { tickSpacing: 60, native: true, factoryId: 3 },
            ],
          },
        },
        { id: 'v2', kind: 'uniswap-v2', factory: at(20), initCodeHash: hash, aggregatorFactoryId: 0 },
        {
          id: 'algebra',
          kind: 'algebra-integral',
          factory: at(50),
          poolDeployer: at(51),
          initCodeHash: hash,
          aggregatorFactoryId: 1,
        },
      ]),
    )
    expect(factories).toEqual([
      { factory: at(20), initCodeHash: hash, kind: poolKinds['uniswap-v2'].contractKind, v2FeeBps: 30 },
      { factory: at(51), initCodeHash: hash, kind: poolKinds['algebra-integral'].contractKind, v2FeeBps: 0 },
      {
        factory: at(40),
        initCodeHash: encodeV4EntryParams({ tickSpacing: 60, native: false }),
        kind: poolKinds['uniswap-v4'].contractKind,
        v2FeeBps: 0,
      },
      {
        factory: at(40),
        initCodeHash: encodeV4EntryParams({ tickSpacing: 60, native: true }),
        kind: poolKinds['uniswap-v4'].contractKind,
        v2FeeBps: 0,
      },
    ])
  })

  it('refuses a gap, a shared id and a V4 exchange without entries', () => {
    const v2 = (id: string, aggregatorFactoryId: number) => ({
      id,
      kind: 'uniswap-v2',
      factory: at(20),
      initCodeHash: hash,
      aggregatorFactoryId,
    })
    const refusal = (exchanges: unknown[]) => {
      try {
        computeAggregatorFactories(chainWith(exchanges))
      } catch (error: unknown) {
        expect(error).toBeInstanceOf(DeployError)
        return (error as Error).message
      }
      throw new Error('accepted')
    }
    expect(refusal([v2('a', 0), v2('b', 2)])).toBe(
      'chain 1: Aggregator factory ids must be 0..1, and 1 is missing',
    )
    expect(refusal([v2('a', 0), v2('b', 0)])).toBe('chain 1: Aggregator factory id 0 is claimed by a and b')
    expect(
      refusal([
        { id: 'v4', kind: 'uniswap-v4', factory: at(40), initCodeHash: zeroHash, aggregatorFactoryId: 0 },
      ]),
    ).toBe('chain 1: exchange v4 (uniswap-v4) needs v4.entries')
  })
})
