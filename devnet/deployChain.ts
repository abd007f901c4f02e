import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getContractAddress,
  isAddressEqual,
  keccak256,
  maxUint256,
  parseAbi,
  zeroAddress,
  zeroHash,
} from 'viem'
import { devTokenAbi, devTokenBytecode } from '../contracts/artifacts/index'
import { computeAggregatorFactories } from '../contracts/deploy/computeAggregatorFactories'
import { createTxPipeline, DevnetTxError, type TxPipeline } from '../contracts/deploy/createTxPipeline'
import { deployAggregator } from '../contracts/deploy/deployAggregator'
import { deployAlgebraIntegral } from '../contracts/deploy/deployAlgebraIntegral'
import { deployDevToken } from '../contracts/deploy/deployDevToken'
import { deployGaslessSettlement } from '../contracts/deploy/deployGaslessSettlement'
import { deployLiquidityNetworkContracts } from '../contracts/deploy/deployLiquidityNetworkContracts'
import { deployMulticall3 } from '../contracts/deploy/deployMulticall3'
import { deployPermit2 } from '../contracts/deploy/deployPermit2'
import { deployUniswapV2 } from '../contracts/deploy/deployUniswapV2'
import { deployUniswapV3 } from '../contracts/deploy/deployUniswapV3'
import { deployUniswapV4 } from '../contracts/deploy/deployUniswapV4'
import { deployWrappedNative } from '../contracts/deploy/deployWrappedNative'
import { createDevClient } from '../contracts/deploy/devClient'
import {
  getAlgebraPoolInitCodeHash,
  getUniswapV2PairInitCodeHash,
  getUniswapV3PoolInitCodeHash,
} from '../contracts/thirdParty'
import { getEvmChainInfo } from '../server/chains/chainInfo'
import type { ChainDeployment, ExchangeInfo, TokenInfo } from '../server/chains/deployment'
import { computeAlgebraPoolAddress } from '../server/poolKinds/algebraIntegral/computeAlgebraPoolAddress'
import { deployChainAcross } from './across/deployChainAcross'
import { deployChainBridges } from './bridges/deployChainBridges'
import { getDeployerAccount, getDevAccountAddresses } from './devAccounts'
import { getDevnetRelayerAccount } from './devnetRelayer'
import type { DevnetMarket } from './largeMarket'
import {
  type AlgebraPoolPlan,
  computeAmountForUsd,
  computeDevnetMarkets,
  computeGrossForTransferFee,
  devnetV4TickSpacings,
  getDevnetExchanges,
  type MarketToken,
  type PoolPlan,
  type V2PoolPlan,
  type V3PoolPlan,
  type V4PoolPlan,
} from './markets'
import { type DevTokenSpec, getDevnetTokens } from './tokens'

export const devnetAbis = {
  token: parseAbi(['function mint(address to, uint256 amount)']),
  wrapped: parseAbi(['function deposit() payable']),
  v2Factory: parseAbi([
    'function createPair(address tokenA, address tokenB) returns (address pair)',
    'function getPair(address tokenA, address tokenB) view returns (address pair)',
  ]),
  v2Pair: parseAbi([
    'function mint(address to) returns (uint256 liquidity)',
    'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  ]),
  v3Factory: parseAbi([
    'function getPool(address tokenA, address tokenB, uint24 fee) view returns (address pool)',
  ]),
  v3Pool: parseAbi([
    'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)',
    'function liquidity() view returns (uint128)',
  ]),
  positionManager: parseAbi([
    'function createAndInitializePoolIfNecessary(address token0, address token1, uint24 fee, uint160 sqrtPriceX96) payable returns (address pool)',
    'struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }',
    'function mint(MintParams params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
  ]),
  v4PoolManager: parseAbi([
    'function initialize((address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks) key, uint160 sqrtPriceX96) returns (int24)',
  ]),
  algebraFactory: parseAbi([
    'function createPool(address tokenA, address tokenB, bytes data) returns (address pool)',
  ]),
  algebraPool: parseAbi([
    'function initialize(uint160 initialPrice)',
    'function setFee(uint16 newFee)',
    'function setTickSpacing(int24 newTickSpacing)',
  ]),
  algebraCallee: parseAbi([
    'function mint(address pool, address recipient, int24 bottomTick, int24 topTick, uint128 amount) returns (uint256 amount0Owed, uint256 amount1Owed, uint256 resultLiquidity)',
  ]),
  v4LiquidityRouter: parseAbi([
    'function modifyLiquidity((address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks) key, (int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt) params, bytes hookData) payable returns (int256)',
  ]),
} as const

/** Worth of each token (and of wrapped native) every dev account receives at deployment, in USD. */
export const devAccountTokenUsd = 100_000
/** Dev accounts hold at least this many whole native units, or $1M worth if that is more. */
const devAccountMinNative = 10_000n
const devAccountNativeUsd = 1_000_000

const gas = {
  mint: 120_000n,
  approve: 80_000n,
  deposit: 80_000n,
  transfer: 150_000n,
  createPair: 3_500_000n,
  pairMint: 300_000n,
  createPool: 7_000_000n,
  positionMint: 1_200_000n,
  createV4Pool: 200_000n,
  createAlgebraPool: 8_000_000n,
  poolSetting: 300_000n,
} as const

export interface DeployChainParams {
  rpcUrl: string
  chainId: number
  /** Default `small`; `large` adds the generated long-tail tokens and their thousands of pools (largeMarket.ts). */
  market?: DevnetMarket
  log?: (message: string) => void
}

/**
 * Deploys one devnet chain from scratch on an empty anvil at `rpcUrl`: Multicall3 and Permit2 at
 * their canonical addresses, the wrapped native, the chain's tokens (tokens.ts), one Uniswap V3 and
 * one Uniswap V2 factory+router per V2 exchange (markets.ts), our Aggregator with the factory
 * allowlist, every pool with its liquidity, and funds anvil's 10 dev accounts with native and every
 * token. The deployer key and the order are fixed, so addresses repeat on every run. Pool and funding
 * transactions are pipelined with locally managed nonces. Throws DevnetTxError if any transaction reverts.
 */
export async function deployChain({
  rpcUrl,
  chainId,
  market = 'small',
  log,
}: DeployChainParams): Promise<ChainDeployment> {
  const startedAt = performance.now()
  const info = getEvmChainInfo(chainId)
  if (!info) throw new Error(`Unknown chain ${chainId}`)
  const account = getDeployerAccount()
  const client = createDevClient({ rpcUrl, chainId, account })
  const deployer = account.address
  await client.setBalance({ address: deployer, value: 10n ** 30n })

  const { multicall3 } = await deployMulticall3(client)
  const { permit2 } = await deployPermit2(client)
  const { wrappedNative } = await deployWrappedNative(client, info.wrappedNative)
  const specs = getDevnetTokens(chainId, market)
  const tokens: TokenInfo[] = [
    {
      address: zeroAddress,
      symbol: info.nativeCurrency.symbol,
      name: info.nativeCurrency.name,
      decimals: 18,
      tags: ['native'],
    },
    { address: wrappedNative, ...info.wrappedNative, decimals: 18, tags: ['wrapped-native'] },
  ]
  const marketTokens: MarketToken[] = [
    {
      address: wrappedNative,
      symbol: info.wrappedNative.symbol,
      decimals: 18,
      priceSymbol: specs.nativePriceSymbol,
    },
  ]
  for (const spec of specs.tokens) {
    if (spec.generated) continue
    const { token } = await deployDevToken(client, {
      name: spec.name,
      symbol: spec.symbol,
      decimals: spec.decimals,
      transferFeeBps: spec.transferFeeBps ?? 0,
      requireAllowanceReset: spec.requireAllowanceReset ?? false,
      noReturnValue: spec.noReturnValue ?? false,
      minter: deployer,
      permit: spec.permit ?? false,
    })
    tokens.push({
      address: token,
      symbol: spec.symbol,
      name: spec.name,
      decimals: spec.decimals,
      tags: spec.tags,
      ...(spec.transferFeeBps ? { transferFeeBps: spec.transferFeeBps } : {}),
    })
    marketTokens.push({
      address: token,
      symbol: spec.symbol,
      decimals: spec.decimals,
      priceSymbol: spec.priceSymbol,
    })
  }

  const startBlock = Number(await client.getBlockNumber()) + 1
  const exchanges: ExchangeInfo[] = []
  for (const [aggregatorFactoryId, exchange] of getDevnetExchanges(chainId).entries()) {
    if (exchange.kind === 'uniswap-v4') {
      // the last exchange: its allowlist entries (one per spacing and nativeness) take the ids from its own on
      const v4 = await deployUniswapV4(client)
      const entries = devnetV4TickSpacings.flatMap((tickSpacing) =>
        [false, true].map((native) => ({ tickSpacing, native })),
      )
      exchanges.push({
        ...exchange,
        factory: v4.poolManager,
        initCodeHash: zeroHash,
        aggregatorFactoryId,
        quoter: v4.quoter,
        // the devnet's liquidity adder (v4-core's PoolModifyLiquidityTest), as the V3 position manager is V3's
        positionManager: v4.liquidityRouter,
        v4: {
          stateView: v4.stateView,
          entries: entries.map((entry, i) => ({ ...entry, factoryId: aggregatorFactoryId + i })),
        },
      })
    } else if (exchange.kind === 'algebra-integral') {
      const algebra = await deployAlgebraIntegral(client)
      exchanges.push({
        ...exchange,
        factory: algebra.factory,
        poolDeployer: algebra.poolDeployer,
        initCodeHash: getAlgebraPoolInitCodeHash(),
        aggregatorFactoryId,
        // the package's TestAlgebraCallee adds the devnet's liquidity, as the V3 position manager does V3's
        positionManager: algebra.callee,
      })
    } else if (exchange.kind === 'uniswap-v3') {
      const v3 = await deployUniswapV3(client, { wrappedNative })
      exchanges.push({
        ...exchange,
        factory: v3.factory,
        initCodeHash: getUniswapV3PoolInitCodeHash(),
        aggregatorFactoryId,
        router: v3.swapRouter,
        quoter: v3.quoter,
        positionManager: v3.positionManager,
      })
    } else {
      const v2 = await deployUniswapV2(client, { wrappedNative })
      exchanges.push({
        ...exchange,
        factory: v2.factory,
        initCodeHash: getUniswapV2PairInitCodeHash(),
        aggregatorFactoryId,
        v2FeeBps: 30,
        router: v2.router,
      })
    }
  }
  const { aggregator } = await deployAggregator(client, {
    wrappedNative,
    factories: computeAggregatorFactories({ chainId, exchanges }),
  })
  // the liquidity network's router and our entry to it, on the chains it serves
  const liquidity = getEvmChainInfo(chainId)?.thorChain
    ? await deployLiquidityNetworkContracts(client, { aggregator })
    : {}
  log?.(`chain ${chainId}: contracts deployed`)

  const devAccounts = getDevAccountAddresses()
  const pipeline = createTxPipeline({
    rpcUrl,
    chainId,
    account,
    startNonce: await client.getTransactionCount({ address: deployer, blockTag: 'pending' }),
    ...(market === 'large' ? { bulk: { blockGasLimit: 1_000_000_000n } } : {}),
  })
  // dev accounts get the small market's tokens only: funding each with hundreds of generated ones is dead weight
  const fundedTokens = [...marketTokens]
  await deployGeneratedTokens({ client, pipeline, deployer, specs: specs.tokens, tokens, marketTokens })
  const plans = computeDevnetMarkets({ chainId, tokens: marketTokens, market })
  const feeBpsByToken = new Map(tokens.map((t) => [t.address, t.transferFeeBps ?? 0]))
  const v2Pairs = seedPools({
    pipeline,
    plans,
    exchanges,
    wrappedNative,
    deployer,
    feeBpsByToken,
    marketTokens,
  })
  fundDevAccounts({ pipeline, devAccounts, wrappedNative, marketTokens: fundedTokens })
  const planned = performance.now()
  const receipts = await pipeline.flush()
  if (market === 'large')
    log?.(
      `chain ${chainId}: ${receipts.length} pool and funding transactions in ${Math.round(performance.now() - planned)} ms ` +
        `(planned in ${Math.round(planned - startedAt)} ms since the start)`,
    )

  const nativePerAccount = maxBigInt(
    devAccountMinNative * 10n ** 18n,
    computeAmountForUsd(marketTokensOrThrow(marketTokens, wrappedNative), devAccountNativeUsd),
  )
  await Promise.all(devAccounts.map((address) => client.setBalance({ address, value: nativePerAccount })))
  await assertPairsCreated(client, v2Pairs)
  log?.(`chain ${chainId}: ${plans.length} pools seeded, ${devAccounts.length} dev accounts funded`)
  const bridges = await deployChainBridges({ client, rpcUrl, account, chainId, tokens, aggregator })
  const across = await deployChainAcross({
    client,
    rpcUrl,
    account,
    chainId,
    tokens,
    wrappedNative,
    aggregator,
  })

  // Gasless orders: our settlement with the devnet relayer allowlisted and funded for gas.
  const relayer = getDevnetRelayerAccount().address
  const { settlement: gaslessSettlement } = await deployGaslessSettlement(client, {
    aggregator,
    permit2,
    owner: deployer,
    relayers: [relayer],
  })
  await client.setBalance({ address: relayer, value: nativePerAccount })

  return {
    chainId,
    rpcUrl,
    wrappedNative,
    multicall3,
    permit2,
    aggregator,
    gaslessSettlement,
    startBlock,
    tokens,
    exchanges,
    ...liquidity,
    ...bridges,
    ...across,
  }
}

/**
 * Queues the creation of the large market's generated tokens (none in the small market) on the pipeline, in list
 * order, and adds them to `tokens` and `marketTokens` at the addresses their nonces give. One estimate serves
 * them all: they differ only in name, symbol and decimals.
 */
async function deployGeneratedTokens(params: {
  client: ReturnType<typeof createDevClient>
  pipeline: TxPipeline
  deployer: Address
  specs: readonly DevTokenSpec[]
  tokens: TokenInfo[]
  marketTokens: MarketToken[]
}) {
  const generated = params.specs.filter((s) => s.generated)
  if (generated.length === 0) return
  const deployData = (spec: DevTokenSpec) =>
    encodeDeployData({
      abi: devTokenAbi,
      bytecode: devTokenBytecode,
      args: [spec.name, spec.symbol, spec.decimals, 0, false, false, params.deployer, false],
    })
  const sample = generated.reduce((a, b) =>
    a.name.length + a.symbol.length >= b.name.length + b.symbol.length ? a : b,
  )
  const estimate = await params.client.estimateGas({ data: deployData(sample) })
  for (const spec of generated) {
    const nonce = params.pipeline.send({
      data: deployData(spec),
      gas: (estimate * 150n) / 100n,
      label: `deploy token ${spec.symbol}`,
    })
    const address = getContractAddress({ from: params.deployer, nonce: BigInt(nonce) })
    params.tokens.push({
      address,
      symbol: spec.symbol,
      name: spec.name,
      decimals: spec.decimals,
      tags: spec.tags,
    })
    params.marketTokens.push({
      address,
      symbol: spec.symbol,
      decimals: spec.decimals,
      priceSymbol: spec.priceSymbol,
    })
  }
}

function maxBigInt(a: bigint, b: bigint): bigint {
  return a > b ? a : b
}

function marketTokensOrThrow(tokens: readonly MarketToken[], address: Address): MarketToken {
  const found = tokens.find((t) => isAddressEqual(t.address, address))
  if (!found) throw new Error(`token ${address} missing`)
  return found
}

interface ExpectedPair {
  factory: Address
  token0: Address
  token1: Address
  pair: Address
}

/** The CREATE2 address of a Uniswap V2 pair (tokens already sorted). */
export function computeV2PairAddress(params: {
  factory: Address
  token0: Address
  token1: Address
  initCodeHash: `0x${string}`
}): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: params.factory,
    salt: keccak256(encodePacked(['address', 'address'], [params.token0, params.token1])),
    bytecodeHash: params.initCodeHash,
  })
}

function seedPools(params: {
  pipeline: TxPipeline
  plans: PoolPlan[]
  exchanges: ExchangeInfo[]
  wrappedNative: Address
  deployer: Address
  feeBpsByToken: Map<Address, number>
  marketTokens: MarketToken[]
}): ExpectedPair[] {
  const { pipeline, plans, exchanges, wrappedNative, deployer, feeBpsByToken } = params
  const exchangeById = new Map(exchanges.map((e) => [e.id, e]))
  const getExchange = (id: string) => {
    const found = exchangeById.get(id)
    if (!found) throw new Error(`exchange ${id} missing`)
    return found
  }
  const gross = (token: Address, amount: bigint) =>
    computeGrossForTransferFee(amount, feeBpsByToken.get(token) ?? 0)

  const needed = new Map<Address, bigint>()
  const need = (token: Address, amount: bigint) => needed.set(token, (needed.get(token) ?? 0n) + amount)
  for (const plan of plans) {
    if (plan.kind === 'uniswap-v2') {
      need(plan.token0.address, gross(plan.token0.address, plan.reserve0))
      need(plan.token1.address, gross(plan.token1.address, plan.reserve1))
    } else {
      for (const position of plan.positions) {
        // a V4 native pool's token0 is paid in ETH itself
        if (!(plan.kind === 'uniswap-v4' && plan.native)) need(plan.token0.address, position.amount0)
        need(plan.token1.address, position.amount1)
      }
    }
  }
  for (const [token, amount] of needed) {
    if (isAddressEqual(token, wrappedNative)) {
      pipeline.send({
        to: wrappedNative,
        data: encodeFunctionData({ abi: devnetAbis.wrapped, functionName: 'deposit' }),
        value: amount,
        gas: gas.deposit,
        label: 'wrap native for pools',
      })
    } else {
      pipeline.send({
        to: token,
        data: encodeFunctionData({ abi: devnetAbis.token, functionName: 'mint', args: [deployer, amount] }),
        gas: gas.mint,
        label: `mint ${token} for pools`,
      })
    }
  }
  const positionManagers = new Set(exchanges.flatMap((e) => (e.positionManager ? [e.positionManager] : [])))
  for (const manager of positionManagers) {
    for (const token of needed.keys()) {
      pipeline.send({
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [manager, maxUint256] }),
        gas: gas.approve,
        label: `approve ${token} to ${manager}`,
      })
    }
  }

  const pairs: ExpectedPair[] = []
  for (const plan of plans) {
    const exchange = getExchange(plan.exchangeId)
    if (plan.kind === 'uniswap-v2') pairs.push(seedV2Pool({ pipeline, plan, exchange, deployer, gross }))
    else if (plan.kind === 'uniswap-v3') seedV3Pool({ pipeline, plan, exchange, deployer })
    else if (plan.kind === 'algebra-integral') seedAlgebraPool({ pipeline, plan, exchange, deployer })
    else seedV4Pool({ pipeline, plan, exchange })
  }
  return pairs
}

function seedV2Pool(params: {
  pipeline: TxPipeline
  plan: V2PoolPlan
  exchange: ExchangeInfo
  deployer: Address
  gross: (token: Address, amount: bigint) => bigint
}): ExpectedPair {
  const { pipeline, plan, exchange } = params
  const token0 = plan.token0.address
  const token1 = plan.token1.address
  const label = `${exchange.id} ${plan.token0.symbol}/${plan.token1.symbol}`
  const pair = computeV2PairAddress({
    factory: exchange.factory,
    token0,
    token1,
    initCodeHash: exchange.initCodeHash,
  })
  pipeline.send({
    to: exchange.factory,
    data: encodeFunctionData({
      abi: devnetAbis.v2Factory,
      functionName: 'createPair',
      args: [token0, token1],
    }),
    gas: gas.createPair,
    label: `createPair ${label}`,
  })
  for (const [token, amount] of [
    [token0, plan.reserve0],
    [token1, plan.reserve1],
  ] as const) {
    pipeline.send({
      to: token,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [pair, params.gross(token, amount)],
      }),
      gas: gas.transfer,
      label: `fund pair ${label}`,
    })
  }
  pipeline.send({
    to: pair,
    data: encodeFunctionData({ abi: devnetAbis.v2Pair, functionName: 'mint', args: [params.deployer] }),
    gas: gas.pairMint,
    label: `mint pair ${label}`,
  })
  return { factory: exchange.factory, token0, token1, pair }
}

function seedV3Pool(params: {
  pipeline: TxPipeline
  plan: V3PoolPlan
  exchange: ExchangeInfo
  deployer: Address
}) {
  const { pipeline, plan, exchange } = params
  const manager = exchange.positionManager
  if (!manager) throw new Error(`${exchange.id} has no position manager`)
  const token0 = plan.token0.address
  const token1 = plan.token1.address
  const label = `${exchange.id} ${plan.token0.symbol}/${plan.token1.symbol} ${plan.fee}`
  pipeline.send({
    to: manager,
    data: encodeFunctionData({
      abi: devnetAbis.positionManager,
      functionName: 'createAndInitializePoolIfNecessary',
      args: [token0, token1, plan.fee, plan.sqrtPriceX96],
    }),
    gas: gas.createPool,
    label: `create pool ${label}`,
  })
  for (const position of plan.positions) {
    pipeline.send({
      to: manager,
      data: encodeFunctionData({
        abi: devnetAbis.positionManager,
        functionName: 'mint',
        args: [
          {
            token0,
            token1,
            fee: plan.fee,
            tickLower: position.tickLower,
            tickUpper: position.tickUpper,
            amount0Desired: position.amount0,
            amount1Desired: position.amount1,
            amount0Min: 0n,
            amount1Min: 0n,
            recipient: params.deployer,
            deadline: maxUint256,
          },
        ],
      }),
      gas: gas.positionMint,
      label: `mint position ${label} [${position.tickLower}, ${position.tickUpper}]`,
    })
  }
}

/**
 * Creates an Algebra Integral pool, initializes it, sets its tick spacing and fee where they differ from the
 * factory's defaults (60 and 500 pips: the pool refuses a setting to the value it has) and adds its positions
 * through the package's callee.
 */
function seedAlgebraPool(params: {
  pipeline: TxPipeline
  plan: AlgebraPoolPlan
  exchange: ExchangeInfo
  deployer: Address
}) {
  const { pipeline, plan, exchange } = params
  const callee = exchange.positionManager
  if (!callee || !exchange.poolDeployer) throw new Error(`${exchange.id} has no callee or pool deployer`)
  const [token0, token1] = [plan.token0.address, plan.token1.address]
  const pool = computeAlgebraPoolAddress({
    poolDeployer: exchange.poolDeployer,
    initCodeHash: exchange.initCodeHash,
    token0,
    token1,
  })
  const label = `${exchange.id} ${plan.token0.symbol}/${plan.token1.symbol}`
  const call = (to: Address, data: `0x${string}`, gasLimit: bigint, what: string) =>
    pipeline.send({ to, data, gas: gasLimit, label: `${what} ${label}` })
  call(
    exchange.factory,
    encodeFunctionData({
      abi: devnetAbis.algebraFactory,
      functionName: 'createPool',
      args: [token0, token1, '0x'],
    }),
    gas.createAlgebraPool,
    'create pool',
  )
  call(
    pool,
    encodeFunctionData({
      abi: devnetAbis.algebraPool,
      functionName: 'initialize',
      args: [plan.sqrtPriceX96],
    }),
    gas.poolSetting,
    'initialize',
  )
  if (plan.tickSpacing !== 60) {
    call(
      pool,
      encodeFunctionData({
        abi: devnetAbis.algebraPool,
        functionName: 'setTickSpacing',
        args: [plan.tickSpacing],
      }),
      gas.poolSetting,
      'set tick spacing',
    )
  }
  if (plan.fee !== 500) {
    call(
      pool,
      encodeFunctionData({ abi: devnetAbis.algebraPool, functionName: 'setFee', args: [plan.fee] }),
      gas.poolSetting,
      'set fee',
    )
  }
  for (const position of plan.positions) {
    call(
      callee,
      encodeFunctionData({
        abi: devnetAbis.algebraCallee,
        functionName: 'mint',
        args: [pool, params.deployer, position.tickLower, position.tickUpper, position.liquidity],
      }),
      gas.positionMint,
      `add position [${position.tickLower}, ${position.tickUpper}]`,
    )
  }
}

/** Initializes a hookless V4 pool in the manager and adds its positions through the devnet's liquidity router. */
function seedV4Pool(params: { pipeline: TxPipeline; plan: V4PoolPlan; exchange: ExchangeInfo }) {
  const { pipeline, plan, exchange } = params
  const router = exchange.positionManager
  if (!router) throw new Error(`${exchange.id} has no liquidity router`)
  const key = {
    currency0: plan.native ? zeroAddress : plan.token0.address,
    currency1: plan.token1.address,
    fee: plan.fee,
    tickSpacing: plan.tickSpacing,
    hooks: zeroAddress,
  }
  const label = `${exchange.id} ${plan.native ? 'native ' : ''}${plan.token0.symbol}/${plan.token1.symbol} ${plan.fee}`
  pipeline.send({
    to: exchange.factory,
    data: encodeFunctionData({
      abi: devnetAbis.v4PoolManager,
      functionName: 'initialize',
      args: [key, plan.sqrtPriceX96],
    }),
    gas: gas.createV4Pool,
    label: `initialize ${label}`,
  })
  for (const position of plan.positions) {
    pipeline.send({
      to: router,
      data: encodeFunctionData({
        abi: devnetAbis.v4LiquidityRouter,
        functionName: 'modifyLiquidity',
        args: [
          key,
          {
            tickLower: position.tickLower,
            tickUpper: position.tickUpper,
            liquidityDelta: position.liquidity,
            salt: zeroHash,
          },
          '0x',
        ],
      }),
      // the router refunds what the position does not take
      ...(plan.native ? { value: position.amount0 } : {}),
      gas: gas.positionMint,
      label: `add position ${label} [${position.tickLower}, ${position.tickUpper}]`,
    })
  }
}

function fundDevAccounts(params: {
  pipeline: TxPipeline
  devAccounts: Address[]
  wrappedNative: Address
  marketTokens: MarketToken[]
}) {
  const { pipeline, devAccounts, wrappedNative } = params
  for (const token of params.marketTokens) {
    const amount = computeAmountForUsd(token, devAccountTokenUsd)
    if (isAddressEqual(token.address, wrappedNative)) {
      pipeline.send({
        to: wrappedNative,
        data: encodeFunctionData({ abi: devnetAbis.wrapped, functionName: 'deposit' }),
        value: amount * BigInt(devAccounts.length),
        gas: gas.deposit,
        label: 'wrap native for dev accounts',
      })
    }
    for (const account of devAccounts) {
      const data = isAddressEqual(token.address, wrappedNative)
        ? encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account, amount] })
        : encodeFunctionData({ abi: devnetAbis.token, functionName: 'mint', args: [account, amount] })
      pipeline.send({
        to: token.address,
        data,
        gas: gas.transfer,
        label: `fund ${account} with ${token.symbol}`,
      })
    }
  }
}

async function assertPairsCreated(client: ReturnType<typeof createDevClient>, pairs: ExpectedPair[]) {
  // in slices: the large market has thousands of pairs, and this client sends one HTTP request per read
  const actual: Address[] = []
  for (let i = 0; i < pairs.length; i += 200) {
    const slice = await Promise.all(
      pairs.slice(i, i + 200).map((p) =>
        client.readContract({
          address: p.factory,
          abi: devnetAbis.v2Factory,
          functionName: 'getPair',
          args: [p.token0, p.token1],
        }),
      ),
    )
    actual.push(...slice)
  }
  pairs.forEach((p, i) => {
    const got = actual[i]
    if (!got || !isAddressEqual(got, p.pair)) {
      throw new DevnetTxError(
        `V2 pair ${p.token0}/${p.token1} is at ${got}, expected ${p.pair} (init-code hash?)`,
      )
    }
  })
}
