import { describe, expect, it } from 'vitest'
import { describeKeplrChain } from './describeKeplrChain'

describe('describeKeplrChain', () => {
  it('describes the devnet Hub for experimentalSuggestChain', () => {
    const atom = { coinDenom: 'ATOM', coinMinimalDenom: 'uatom', coinDecimals: 6 }
    expect(
      describeKeplrChain(
        {
          chainId: -978111860,
          cosmosChainId: 'cosmoshub-devnet',
          symbol: 'ATOM',
          decimals: 6,
          bech32Prefix: 'cosmos',
          denom: 'uatom',
          gasLimit: '200000',
          fee: '1000',
          faucetAmount: '100000000',
          rpcUrl: 'http://127.0.0.1:8626',
        },
        'Cosmos Hub (devnet)',
      ),
    ).toEqual({
      chainId: 'cosmoshub-devnet',
      chainName: 'Cosmos Hub (devnet)',
      rpc: 'http://127.0.0.1:8626',
      rest: 'http://127.0.0.1:8626',
      bip44: { coinType: 118 },
      bech32Config: {
        bech32PrefixAccAddr: 'cosmos',
        bech32PrefixAccPub: 'cosmospub',
        bech32PrefixValAddr: 'cosmosvaloper',
        bech32PrefixValPub: 'cosmosvaloperpub',
        bech32PrefixConsAddr: 'cosmosvalcons',
        bech32PrefixConsPub: 'cosmosvalconspub',
      },
      currencies: [atom],
      feeCurrencies: [{ ...atom, gasPriceStep: { low: 0.005, average: 0.005, high: 0.01 } }],
      stakeCurrency: atom,
    })
  })
})
