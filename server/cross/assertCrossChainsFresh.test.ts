import { describe, expect, it } from 'vitest'
import { AppError } from '../errors'
import { assertCrossChainsFresh } from './assertCrossChainsFresh'

const stale = () => {
  throw new AppError(
    'UPSTREAM_UNAVAILABLE',
    'The node of chain 56 does not answer; quotes resume when it does',
    {
      details: { chainId: 56, snapshotAgeMs: 10_001 },
    },
  )
}
const loading = () => {
  throw new AppError('CHAIN_LOADING', 'Chain 10 is still loading its pools (starting)', {
    details: { chainId: 10, pools: { status: 'loading', phase: 'starting' } },
  })
}
const markets = {
  all: () => [
    { chainId: 1, getSnapshot: () => ({ blockNumber: 7n }) },
    { chainId: 10, getSnapshot: loading },
    { chainId: 56, getSnapshot: stale },
    {
      chainId: 43114,
      getSnapshot: () => {
        throw new Error('no snapshot yet')
      },
    },
  ],
}

describe('assertCrossChainsFresh', () => {
  it.each([
    { chainIds: [1, 56], code: 'UPSTREAM_UNAVAILABLE' },
    { chainIds: [56, 1], code: 'UPSTREAM_UNAVAILABLE' },
    { chainIds: [1, 43114], code: undefined },
    // a chain still loading: left to the providers (those that need its pools answer CHAIN_LOADING themselves)
    { chainIds: [1, 10], code: undefined },
    // a UTXO or Cosmos side has no market: the providers answer for it
    { chainIds: [1, -3652501241], code: undefined },
  ])('chains $chainIds -> $code', ({ chainIds, code }) => {
    let thrown: unknown
    try {
      assertCrossChainsFresh(markets, chainIds)
    } catch (error: unknown) {
      thrown = error
    }
    expect(thrown instanceof AppError ? thrown.code : thrown).toBe(code)
    if (thrown instanceof AppError) expect(thrown.details).toEqual({ chainId: 56, snapshotAgeMs: 10_001 })
  })
})
