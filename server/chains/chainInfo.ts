/** Static facts about the EVM chains the service knows. Addresses live in config / the devnet manifest. */
export type ChainFlow = 'single' | 'cross' | 'utxo' | 'gasless'

export interface ChainInfo {
  id: number
  name: string
  shortName: string
  nativeCurrency: { name: string; symbol: string; decimals: 18 }
  wrappedNative: { name: string; symbol: string }
  /** THORChain-style chain prefix, where the network supports this chain (ETH, BSC, AVAX). */
  thorChain?: 'ETH' | 'BSC' | 'AVAX'
  flows: ChainFlow[]
  blockTimeMs: number
}

const evmFlows: ChainFlow[] = ['single', 'cross', 'gasless']

export const chainInfos: readonly ChainInfo[] = [
  {
    id: 1,
    name: 'Ethereum',
    shortName: 'eth',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    wrappedNative: { name: 'Wrapped Ether', symbol: 'WETH' },
    thorChain: 'ETH',
    flows: [...evmFlows, 'utxo'],
    blockTimeMs: 12_000,
  },
  {
    id: 10,
    name: 'Optimism',
    shortName: 'op',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    wrappedNative: { name: 'Wrapped Ether', symbol: 'WETH' },
    flows: evmFlows,
    blockTimeMs: 2_000,
  },
  {
    id: 56,
    name: 'BNB Smart Chain',
    shortName: 'bsc',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    wrappedNative: { name: 'Wrapped BNB', symbol: 'WBNB' },
    thorChain: 'BSC',
    flows: [...evmFlows, 'utxo'],
    blockTimeMs: 3_000,
  },
  {
    id: 137,
    name: 'Polygon',
    shortName: 'polygon',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    wrappedNative: { name: 'Wrapped POL', symbol: 'WPOL' },
    flows: evmFlows,
    blockTimeMs: 2_000,
  },
  {
    id: 250,
    name: 'Fantom',
    shortName: 'ftm',
    nativeCurrency: { name: 'Fantom', symbol: 'FTM', decimals: 18 },
    wrappedNative: { name: 'Wrapped Fantom', symbol: 'WFTM' },
    flows: evmFlows,
    blockTimeMs: 1_000,
  },
  {
    id: 8453,
    name: 'Base',
    shortName: 'base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    wrappedNative: { name: 'Wrapped Ether', symbol: 'WETH' },
    flows: evmFlows,
    blockTimeMs: 2_000,
  },
  {
    id: 42161,
    name: 'Arbitrum One',
    shortName: 'arb',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    wrappedNative: { name: 'Wrapped Ether', symbol: 'WETH' },
    flows: evmFlows,
    blockTimeMs: 250,
  },
  {
    id: 43114,
    name: 'Avalanche C-Chain',
    shortName: 'avax',
    nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    wrappedNative: { name: 'Wrapped AVAX', symbol: 'WAVAX' },
    thorChain: 'AVAX',
    flows: [...evmFlows, 'utxo'],
    blockTimeMs: 2_000,
  },
]

export const evmChainIds = chainInfos.map((c) => c.id)

export function getChainInfo(chainId: number): ChainInfo | undefined {
  return chainInfos.find((c) => c.id === chainId)
}
