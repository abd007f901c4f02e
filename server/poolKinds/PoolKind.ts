import type { Abi, Address, Log, PublicClient } from 'viem'
import type { ExchangeInfo } from '../chains/deployment'

/** What every pool state has, whatever its kind; a kind adds its own fields (reserves, ticks, ...). */
export interface PoolStateBase {
  /** The pool kind's id (`PoolKind.id`), also `ExchangeInfo.kind` of the exchange that made the pool. */
  readonly kind: string
  /**
   * The pool's id: its contract's address, or, for kinds whose pools live inside one contract (Uniswap V4), the id
   * the kind gives them (lower-case hex).
   */
  readonly address: Address
  /** ExchangeInfo.id, e.g. `uniswap-v2`, `sushiswap`. */
  readonly exchangeId: string
  /** ExchangeInfo.aggregatorFactoryId: index of the factory in the Aggregator's allowlist. */
  readonly factoryId: number
  readonly token0: Address
  readonly token1: Address
}

/** A rational number num/den, both bigint, den > 0. */
export interface Price {
  readonly num: bigint
  readonly den: bigint
}

/** Result of simulating one swap on one pool; `pool` is the state after the swap (inputs are never mutated). */
export interface PoolSwapResult<P extends PoolStateBase = PoolStateBase> {
  /** Amount the pool takes in (what it receives, fee included). */
  readonly amountIn: bigint
  /** Amount the pool sends out. */
  readonly amountOut: bigint
  readonly pool: P
  /** Price ranges crossed (initialized ticks for concentrated liquidity; 0 for constant-product pairs). */
  readonly ticksCrossed: number
  /** False when the swap stopped at the price limit before using the whole specified amount. */
  readonly complete: boolean
}

/** The amounts of one simulated swap, without the state after it. */
export type PoolSwapOutcome = Omit<PoolSwapResult, 'pool'>

/**
 * Exact swap amounts for one pool in one direction, for the many probes of one routing call. Throws
 * SwapRevertError where the pool would revert.
 */
export interface HopSimulator {
  /** The pool receives exactly `amountIn`. */
  exactIn(amountIn: bigint): PoolSwapOutcome
  /** The pool sends exactly `amountOut`. */
  exactOut(amountOut: bigint): PoolSwapOutcome
  /**
   * What the pool sends for `amountIn`, in floating point (exactIn's amountOut within about 1e-12 relative), for
   * the route search's models, which take many of them; null where exactIn would not complete or would revert.
   * With `crossed`, it also writes there the ticks exactIn would cross (for the models' gas; no object is made).
   */
  approxExactIn(amountIn: number, crossed?: { ticks: number }): number | null
}

/** The node reads a pool kind makes; a viem PublicClient fits. Injected, so this folder stays free of I/O. */
export type PoolReader = Pick<PublicClient, 'multicall' | 'getContractEvents'>

export interface ReadPoolStatesParams<D> {
  pools: readonly D[]
  blockNumber: bigint
  multicallAddress: Address
}

/** What `PoolKind.poolsOfToken` asks of one exchange. */
export interface PoolsOfTokenParams {
  exchange: ExchangeInfo
  /** The token whose pools are wanted (an ERC-20, not a listed one as a rule). */
  token: Address
  /** The tokens to pair it with (the chain's hub tokens); `token` itself among them is skipped. */
  hubs: readonly Address[]
  /** What native ETH stands for in a pool's tokens (V4 pools of native ETH). */
  wrappedNative: Address
  blockNumber: bigint
  multicallAddress: Address
}

export interface ApplyPoolLogsParams<S> {
  /** The current states of this kind's pools. */
  pools: ReadonlyMap<Address, S>
  /** Logs of those pools in `(previous snapshot, blockNumber]`, in chain order, decoded or not. */
  logs: Log[]
  blockNumber: bigint
  multicallAddress: Address
}

/**
 * Everything the server knows about one kind of pool (Uniswap V2 pairs, Uniswap V3 pools, ...): how its
 * pools are found and kept current on a node, its exact swap math, its gas, and how the Aggregator calls it.
 * Each kind lives in its own folder and is registered in `poolKinds` (server/poolKinds/poolKinds.ts); the
 * rest of the server handles pools only through this interface.
 */
export interface PoolKind<S extends PoolStateBase, D extends PoolStateBase = PoolStateBase> {
  /** Stable id: `ExchangeInfo.kind`, `PoolStateBase.kind` and the API's `protocol[].pools[].kind`. */
  readonly id: S['kind']
  /** The Aggregator's `Hop.kind` / `FactoryConfig.kind` for this kind (constants in contracts/src/Aggregator.sol). */
  readonly contractKind: number

  /**
   * The factory events that announce a new pool (PairCreated, PoolCreated): pool sync asks the node for them by
   * topic, from every exchange's factory at once, in the same query as the pools' own events once loaded.
   */
  readonly creationEvents: Abi
  /**
   * The pools announced by `logs` (creation events of `exchange`'s factory, not yet decoded, in chain order)
   * whose two tokens pass `isKnownToken` (native ETH counts as `wrappedNative`). Pure.
   */
  poolsFromCreationLogs(
    logs: readonly Log[],
    params: { exchange: ExchangeInfo; isKnownToken: (token: Address) => boolean; wrappedNative: Address },
  ): D[]
  /**
   * The pools `token` already has against each of `hubs` on `exchange`, asked of the factory (V4: of the StateView,
   * for the standard fee and tick-spacing pairs without hooks) at one block instead of found in creation logs: how
   * an imported token's pools are found without reading the chain's history. Only pools pool sync would follow
   * (the same rules as `poolsFromCreationLogs`); one of no state yet (never initialized) is left out.
   */
  poolsOfToken(reader: PoolReader, params: PoolsOfTokenParams): Promise<D[]>
  /** The full state of each pool at one block (all reads pinned to it, so states are mutually consistent). */
  readPoolStates(reader: PoolReader, params: ReadPoolStatesParams<D>): Promise<S[]>
  /** The pool events that change a pool's state; pool sync asks the node for exactly these. */
  readonly stateEvents: Abi
  /**
   * The id of the pool a state log is about, where that is not its emitter's address (V4: every pool's logs come
   * from the PoolManager, the pool id in topic 1). Pool sync hands each kind the logs of its own pools by this id.
   */
  poolIdOfLog?(log: Log): Address | undefined
  /** New states of the pools that `logs` changed (reading the node where the logs do not carry the state). */
  applyPoolLogs(reader: PoolReader, params: ApplyPoolLogsParams<S>): Promise<Map<Address, S>>

  /**
   * Bitmap words (node reads) of `pool` left to read: kinds whose `readPoolStates` reads a pool in part (Uniswap V3
   * and V4: the ticks around the price first) say here what `completePoolStates` still has to do (0: nothing).
   */
  readsLeft?(pool: S): number
  /**
   * More of the pools read in part: at most `maxReads` node reads at `blockNumber` (the block of `pools`' states, so
   * they stay consistent), the parts a swap would reach first read first. The states it widened. Pool sync calls it
   * a bounded batch at a time while `readsLeft` is not 0.
   */
  completePoolStates?(
    reader: PoolReader,
    params: ReadPoolStatesParams<S> & { maxReads: number },
  ): Promise<S[]>

  /** Whether the pool can quote at all (has reserves / liquidity). */
  isUsable(pool: S): boolean
  /** The exact-to-the-wei swap math of the pool in one direction. */
  createHopSimulator(pool: S, zeroForOne: boolean): HopSimulator
  /**
   * Whether a hop can take a fee-on-transfer input: true where the pool prices what it received (V2 pairs
   * read their balance), false where it demands the full amount (V3 callbacks).
   */
  readonly acceptsTaxedInput: boolean
  /** Gas units of one hop through this pool that crossed `ticksCrossed` price ranges. */
  hopGasUnits(ticksCrossed: number): bigint
  /**
   * The code path of one swap of `amount` (exact input: what the pool receives; else what it sends) through the
   * pool in this state: two swaps with the same key take the same steps and branches and touch the same storage,
   * so their gas differs only by arithmetic whose cost depends on the values (a 512-bit multiplication's longer
   * branch: some hundreds of gas). '' where the path does not depend on the amount (constant-product pairs).
   */
  swapPathKey(pool: S, zeroForOne: boolean, amount: bigint, exactIn: boolean): string
  /**
   * The pool's marginal price of tokenOut per tokenIn before any trade (no fee). With `feePips` it bounds every
   * swap: no input gets more than input x midPrice x (1 - feePips / 1e6) (output concave in the input); the
   * searches skip simulating pools on that bound (`routing/poolMidRate`).
   */
  midPrice(pool: S, zeroForOne: boolean): Price
  /** Reserves, or in-range virtual reserves, in base units as floats (for USD depth and price discovery). */
  virtualReserves(pool: S): readonly [number, number] | undefined
  /** The swap fee in pips (millionths), for the API. */
  feePips(pool: S): number
  /** The `Hop.fee` the Aggregator expects for a hop through this pool. */
  contractHopFee(pool: S): number
}
