/**
 * Static facts about the chains the service knows, EVM and not. Addresses live in config / the devnet
 * manifest; which flows a chain offers is derived from what is mounted (`getChainFlows`), not stated here.
 */

/** How a chain is addressed, signed and read: one adapter per family (`server/chains/families`). */
export type ChainFamily = 'evm' | 'utxo' | 'cosmos'

interface ChainInfoBase {
  /** Chain id; non-EVM chains use the negative ids of the compatible API (BTC -3980891822, ...). */
  id: number
  name: string
  shortName: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** THORChain-style chain prefix, where the liquidity network supports this chain. */
  thorChain?: 'ETH' | 'BSC' | 'AVAX' | 'BTC' | 'BCH' | 'LTC' | 'DOGE' | 'GAIA'
  blockTimeMs: number
}

export interface EvmChainInfo extends ChainInfoBase {
  family: 'evm'
  wrappedNative: { name: string; symbol: string }
}

export interface UtxoChainInfo extends ChainInfoBase {
  family: 'utxo'
  /** Address formats of mainnet: base58check version bytes, bech32 segwit prefix, CashAddr prefix. */
  address: UtxoAddressFormat
  /** Address formats of the chain's regtest network (the devnet's ledgers). */
  regtestAddress: UtxoAddressFormat
}

/** How a UTXO chain's addresses are written on one network. */
export interface UtxoAddressFormat {
  base58Versions: readonly number[]
  bech32Prefix?: string
  cashAddrPrefix?: string
}

/** Which network's address formats apply: real chains, or the devnet's regtest ledgers. */
export type AddressNetwork = 'mainnet' | 'regtest'

export interface CosmosChainInfo extends ChainInfoBase {
  family: 'cosmos'
  /** Bech32 prefix of account addresses (`cosmos`). */
  bech32Prefix: string
  /** The native coin's base denomination (`uatom`). */
  denom: string
}

export type ChainInfo = EvmChainInfo | UtxoChainInfo | CosmosChainInfo

export const evmChainInfos: readonly EvmChainInfo[] = [
  {
    family: 'evm',
    id: 1,
    name: 'Ethereum',
    shortName: 'eth',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    wrappedNative: { name: 'Wrapped Ether', symbol: 'WETH' },
    thorChain: 'ETH',
    blockTimeMs: 12_000,
  },
  {
    family: 'evm',
    id: 10,
    name: 'Optimism',
    shortName: 'op',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    wrappedNative: { name: 'Wrapped Ether', symbol: 'WETH' },
    blockTimeMs: 2_000,
  },
  {
    family: 'evm',
    id: 56,
    name: 'BNB Smart Chain',
    shortName: 'bsc',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    wrappedNative: { name: 'Wrapped BNB', symbol: 'WBNB' },
    thorChain: 'BSC',
    blockTimeMs: 3_000,
  },
  {
    family: 'evm',
    id: 137,
    name: 'Polygon',
    shortName: 'polygon',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    wrappedNative: { name: 'Wrapped POL', symbol: 'WPOL' },
    blockTimeMs: 2_000,
  },
  {
    family: 'evm',
    id: 250,
    name: 'Fantom',
    shortName: 'ftm',
    nativeCurrency: { name: 'Fantom', symbol: 'FTM', decimals: 18 },
    wrappedNative: { name: 'Wrapped Fantom', symbol: 'WFTM' },
    blockTimeMs: 1_000,
  },
  {
    family: 'evm',
    id: 8453,
    name: 'Base',
    shortName: 'base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    wrappedNative: { name: 'Wrapped Ether', symbol: 'WETH' },
    blockTimeMs: 2_000,
  },
  {
    family: 'evm',
    id: 42161,
    name: 'Arbitrum One',
    shortName: 'arb',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    wrappedNative: { name: 'Wrapped Ether', symbol: 'WETH' },
    blockTimeMs: 250,
  },
  {
    family: 'evm',
    id: 43114,
    name: 'Avalanche C-Chain',
    shortName: 'avax',
    nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    wrappedNative: { name: 'Wrapped AVAX', symbol: 'WAVAX' },
    thorChain: 'AVAX',
    blockTimeMs: 2_000,
  },
]

/** UTXO and Cosmos chains, with the ids and asset names of the compatible API. */
export const nonEvmChainInfos: readonly (UtxoChainInfo | CosmosChainInfo)[] = [
  {
    family: 'utxo',
    id: -3980891822,
    name: 'Bitcoin',
    shortName: 'btc',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    thorChain: 'BTC',
    address: { base58Versions: [0x00, 0x05], bech32Prefix: 'bc' },
    regtestAddress: { base58Versions: [0x6f, 0xc4], bech32Prefix: 'bcrt' },
    blockTimeMs: 600_000,
  },
  {
    family: 'utxo',
    id: -174457306,
    name: 'Bitcoin Cash',
    shortName: 'bch',
    nativeCurrency: { name: 'Bitcoin Cash', symbol: 'BCH', decimals: 8 },
    thorChain: 'BCH',
    address: { base58Versions: [0x00, 0x05], cashAddrPrefix: 'bitcoincash' },
    regtestAddress: { base58Versions: [0x6f, 0xc4], cashAddrPrefix: 'bchreg' },
    blockTimeMs: 600_000,
  },
  {
    family: 'utxo',
    id: -33463083,
    name: 'Litecoin',
    shortName: 'ltc',
    nativeCurrency: { name: 'Litecoin', symbol: 'LTC', decimals: 8 },
    thorChain: 'LTC',
    address: { base58Versions: [0x30, 0x32, 0x05], bech32Prefix: 'ltc' },
    regtestAddress: { base58Versions: [0x6f, 0x3a, 0xc4], bech32Prefix: 'rltc' },
    blockTimeMs: 150_000,
  },
  {
    family: 'utxo',
    id: -3143381382,
    name: 'Dogecoin',
    shortName: 'doge',
    nativeCurrency: { name: 'Dogecoin', symbol: 'DOGE', decimals: 8 },
    thorChain: 'DOGE',
    address: { base58Versions: [0x1e, 0x16] },
    regtestAddress: { base58Versions: [0x6f, 0xc4] },
    blockTimeMs: 60_000,
  },
  {
    family: 'cosmos',
    id: -978111860,
    name: 'Cosmos Hub',
    shortName: 'atom',
    nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
    thorChain: 'GAIA',
    bech32Prefix: 'cosmos',
    denom: 'uatom',
    blockTimeMs: 6_000,
  },
]

export const chainInfos: readonly ChainInfo[] = [...evmChainInfos, ...nonEvmChainInfos]

/** The EVM chains the devnet runs, in order. */
export const evmChainIds = evmChainInfos.map((c) => c.id)

/** Static facts of a known chain of any family, or undefined. */
export function getChainInfo(chainId: number): ChainInfo | undefined {
  return chainInfos.find((c) => c.id === chainId)
}

/** Static facts of a known EVM chain, or undefined (deployments, the devnet and quotes are EVM). */
export function getEvmChainInfo(chainId: number): EvmChainInfo | undefined {
  return evmChainInfos.find((c) => c.id === chainId)
}
