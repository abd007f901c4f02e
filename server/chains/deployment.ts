import type { Address, Hex } from 'viem'
import type { PoolKindId } from '../poolKinds/poolKinds'

/**
 * What the server needs to know about one chain, whether it comes from the devnet
 * (devnet/ writes it into the manifest) or from configuration in network mode.
 */
export interface ChainDeployment {
  chainId: number
  rpcUrl: string
  /** WebSocket endpoint of the same node, to follow new heads by subscription (optional). */
  wsUrl?: string
  /** Wrapped native token (WETH9-style). */
  wrappedNative: Address
  multicall3: Address
  permit2: Address
  /** Our Aggregator contract. */
  aggregator: Address
  /**
   * The liquidity network's router (THORChain's router interface), on the chains the network serves. It pins the
   * router: a THORNode naming another is refused, and no deposit is built from a chain without one.
   */
  liquidityRouter?: Address
  /** Our entry that swaps to native and deposits through `liquidityRouter` in one transaction. */
  liquidityEntry?: Address
  /** Our GaslessSettlement (docs/gasless.md); absent where gasless orders are not offered. */
  gaslessSettlement?: Address
  /** First block worth scanning for pools / aggregator events. */
  startBlock: number
  tokens: TokenInfo[]
  exchanges: ExchangeInfo[]
  /** LayerZero V2 on this chain, where it is wired to the other chains. */
  layerZero?: LayerZeroDeployment
  /** Stargate V2 on this chain (needs `layerZero`). */
  stargate?: StargateDeployment
  /** Across on this chain: the SpokePool intents are deposited into and filled from. */
  across?: AcrossDeployment
}

/** One chain's Across SpokePool, the tokens it bridges and the relayers whose inventory quotes count on. */
export interface AcrossDeployment {
  spokePool: Address
  /** Our destination handler (contracts/src/AcrossHandler.sol): `handleV3AcrossMessage` swaps for the receiver. */
  handler?: Address
  /**
   * Our origin entry (contracts/src/AcrossEntry.sol): `swapAndDeposit` swaps to the input token, takes the
   * integrator's fee and deposits with the sender as depositor.
   */
  entry?: Address
  /** The bridged tokens; the same `asset` on two chains is one route (its input and output token). */
  assets: AcrossAssetInfo[]
  /** Relayers that fill on this chain; a quote's fill time is read from their balances here. */
  relayers: Address[]
}

export interface AcrossAssetInfo {
  /** The asset's name on every chain: `USDC`, `USDT` or `WETH`. */
  asset: string
  token: Address
  decimals: number
}

/** One chain's LayerZero V2 endpoint, message libraries and the workers the devnet runs. */
export interface LayerZeroDeployment {
  /** LayerZero endpoint id of this chain (server/chains/layerZeroEids.ts). */
  eid: number
  endpoint: Address
  sendUln302: Address
  receiveUln302: Address
  executor: Address
  dvn: Address
  priceFeed: Address
  treasury: Address
  executorFeeLib: Address
  dvnFeeLib: Address
}

/** One chain's Stargate V2: the messaging contracts and one pool per bridged asset. */
export interface StargateDeployment {
  tokenMessaging: Address
  creditMessaging: Address
  /** Our origin entry (contracts/src/StargateEntry.sol): origin swap and Stargate send in one transaction. */
  entry: Address
  /** Our destination executor (contracts/src/StargateComposer.sol): receives `lzCompose` and swaps. */
  composer: Address
  pools: StargatePoolInfo[]
}

export interface StargatePoolInfo {
  /** Stargate's asset id (USDC 1, USDT 2, ETH 13): the same asset on every chain. */
  assetId: number
  symbol: string
  /** The pooled token; the zero address for a native pool (StargatePoolNative). */
  token: Address
  decimals: number
  pool: Address
  feeLib?: Address
}

export type TokenTag =
  | 'native'
  | 'wrapped-native'
  | 'stable'
  | 'major'
  | 'long-tail'
  | 'fee-on-transfer'
  | 'approve-reset'
  | 'no-return-value'
  /** Imported by address (read on chain, not from a token list): see `adoptToken`. */
  | 'unverified'

export interface TokenInfo {
  address: Address
  symbol: string
  name: string
  decimals: number
  tags: TokenTag[]
  /** Transfer tax in basis points for fee-on-transfer tokens (charged on every transfer). */
  transferFeeBps?: number
  /** Path under /public, if a logo file ships; otherwise the API generates one. */
  logo?: string
}

/** How an exchange's pools work: a registered pool kind (server/poolKinds/poolKinds.ts). */
export type ExchangeKind = PoolKindId

export interface ExchangeInfo {
  /** Stable id used in the API (excludedDexes, protocol names), e.g. `uniswap-v3`, `sushiswap`. */
  id: string
  name: string
  kind: ExchangeKind
  factory: Address
  /** CREATE2 init-code hash of the pair/pool, as the Aggregator verifies it. */
  initCodeHash: Hex
  /** Index of this factory in the Aggregator's constructor allowlist. */
  aggregatorFactoryId: number
  /** V2 swap fee in basis points (Uniswap V2 bytecode: 30). V3 fees are per pool. */
  v2FeeBps?: number
  router?: Address
  quoter?: Address
  positionManager?: Address
  logo?: string
  /** Uniswap V4 (kind `uniswap-v4`, `factory` is the PoolManager): its lens and the Aggregator's entries for it. */
  v4?: UniswapV4ExchangeInfo
  /**
   * Algebra Integral (kind `algebra-integral`, `factory` is the AlgebraFactory, whose Pool events name the pools):
   * the AlgebraPoolDeployer that CREATE2s them, which the Aggregator's entry names (with `initCodeHash`).
   */
  poolDeployer?: Address
}

/** How a Uniswap V4 PoolManager's pools are read and named to the Aggregator. */
export interface UniswapV4ExchangeInfo {
  /** v4-periphery's StateView over the manager. */
  stateView: Address
  /**
   * The Aggregator's allowlist entries for the manager, one per (tick spacing, native ETH or not): a pool whose
   * pair has no entry is not followed.
   */
  entries: readonly { tickSpacing: number; native: boolean; factoryId: number }[]
}
