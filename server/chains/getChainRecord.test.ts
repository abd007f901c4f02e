import { describe, expect, it } from 'vitest'
import { createFakeDeployments } from '../testing/fakeDeployments'
import { getChainRecord } from './getChainRecord'

const singleChainOnly = { singleChain: true, crossChain: false, utxo: false, gasless: false }

describe('getChainRecord', () => {
  it('describes a chain unknown to chainInfo generically, single-chain only', () => {
    const [base] = createFakeDeployments()
    if (base === undefined) throw new Error('fixture')
    const record = getChainRecord({
      deployment: { ...base, chainId: 31337, tokens: [] },
      isDevnet: true,
      flows: singleChainOnly,
    })
    expect(record).toEqual({
      chainId: 31337,
      family: 'evm',
      name: 'Chain 31337',
      shortName: 'chain-31337',
      nativeCurrency: {
        name: 'Ether',
        symbol: 'ETH',
        decimals: 18,
        address: '0x0000000000000000000000000000000000000000',
      },
      wrappedNative: {
        address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
        symbol: 'WETH',
        name: 'Wrapped Ether',
        decimals: 18,
      },
      logo: '/chains/31337.svg',
      rpcUrl: '/rpc/31337',
      aggregator: '0x1111111111111111111111111111111111111111',
      flows: { singleChain: true, crossChain: false, utxo: false, gasless: false },
      blockTimeMs: 2000,
      isDevnet: true,
    })
  })

  it('takes the wrapped native token metadata from the deployment tokens', () => {
    const [base] = createFakeDeployments()
    if (base === undefined) throw new Error('fixture')
    const tokens = [
      {
        ...base.tokens[0],
        address: base.wrappedNative,
        symbol: 'WBNB',
        name: 'Wrapped BNB',
        decimals: 18,
        tags: [],
      },
    ]
    const record = getChainRecord({
      deployment: { ...base, chainId: 56, tokens },
      isDevnet: false,
      flows: singleChainOnly,
    })
    expect([record.name, record.nativeCurrency.symbol, record.wrappedNative.symbol]).toEqual([
      'BNB Smart Chain',
      'BNB',
      'WBNB',
    ])
  })
})
