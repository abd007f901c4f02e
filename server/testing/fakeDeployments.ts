import type { ChainDeployment } from '../chains/deployment'

/**
 * Two small, fixed chain deployments (chain ids 1 and 8453) for API tests that need no chain:
 * addresses are lower-case on purpose so tests can check checksumming. `rpcUrl` defaults to a port
 * nothing listens on.
 */
export function createFakeDeployments(
  params: { rpcUrls?: Partial<Record<1 | 8453, string>> } = {},
): ChainDeployment[] {
  return [
    {
      chainId: 1,
      rpcUrl: params.rpcUrls?.[1] ?? 'http://127.0.0.1:1',
      wrappedNative: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
      multicall3: '0xca11bde05977b3631167028862be2a173976ca11',
      permit2: '0x000000000022d473030f116ddee9f6b43ac78ba3',
      aggregator: '0x1111111111111111111111111111111111111111',
      startBlock: 0,
      tokens: [
        {
          address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
          symbol: 'WETH',
          name: 'Wrapped Ether',
          decimals: 18,
          tags: ['wrapped-native', 'major'],
        },
        {
          address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
          symbol: 'USDC',
          name: 'USD Coin',
          decimals: 6,
          tags: ['stable'],
        },
      ],
      exchanges: [
        {
          id: 'uniswap-v2',
          name: 'Uniswap V2',
          kind: 'uniswap-v2',
          factory: '0x5c69bee701ef814a2b6a3edd4b1652cb9cc5aa6f',
          initCodeHash: '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f',
          aggregatorFactoryId: 0,
          v2FeeBps: 30,
        },
        {
          id: 'uniswap-v3',
          name: 'Uniswap V3',
          kind: 'uniswap-v3',
          factory: '0x1f98431c8ad98523631ae4a59f267346ea31f984',
          initCodeHash: '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54',
          aggregatorFactoryId: 1,
          logo: '/exchanges/uniswap-v3.svg',
        },
      ],
    },
    {
      chainId: 8453,
      rpcUrl: params.rpcUrls?.[8453] ?? 'http://127.0.0.1:1',
      wrappedNative: '0x4200000000000000000000000000000000000006',
      multicall3: '0xca11bde05977b3631167028862be2a173976ca11',
      permit2: '0x000000000022d473030f116ddee9f6b43ac78ba3',
      aggregator: '0x2222222222222222222222222222222222222222',
      startBlock: 0,
      tokens: [],
      exchanges: [],
    },
  ]
}
