import { type Address, type Hash, maxUint256, parseAbi, parseEther, zeroAddress } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { devTokenAbi } from '../artifacts/index'
import { deployAggregator } from '../deploy/deployAggregator'
import { deployAlgebraIntegral } from '../deploy/deployAlgebraIntegral'
import { deployDevToken } from '../deploy/deployDevToken'
import { deployMulticall3 } from '../deploy/deployMulticall3'
import { deployPermit2 } from '../deploy/deployPermit2'
import { deployUniswapV2 } from '../deploy/deployUniswapV2'
import { deployUniswapV3 } from '../deploy/deployUniswapV3'
import { deployUniswapV4 } from '../deploy/deployUniswapV4'
import { deployWrappedNative } from '../deploy/deployWrappedNative'
import { createDevClient, type DevClient } from '../deploy/devClient'
import { encodeV4EntryParams } from '../deploy/encodeV4EntryParams'
import { seedAlgebraPool } from '../deploy/seedAlgebraPool'
import { seedUniswapV4Pool } from '../deploy/seedUniswapV4Pool'
import { sendContractTx } from '../deploy/sendContractTx'
import { waitForReceipt } from '../deploy/waitForReceipt'
import {
  getAlgebraPoolInitCodeHash,
  getUniswapV2PairInitCodeHash,
  getUniswapV3PoolInitCodeHash,
} from '../thirdParty'

// anvil's well-known public test mnemonic (never holds real funds).
const TEST_MNEMONIC = 'test test test test test test test test test test test junk'

export const v2FactoryAbi = parseAbi([
  'function createPair(address tokenA, address tokenB) returns (address pair)',
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
])
export const v2PairAbi = parseAbi([
  'function mint(address to) returns (uint256 liquidity)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])
export const v2RouterAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) pure returns (uint256)',
])
export const quoterAbi = parseAbi([
  'function quoteExactInput(bytes path, uint256 amountIn) returns (uint256 amountOut, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
  'function quoteExactOutput(bytes path, uint256 amountOut) returns (uint256 amountIn, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
])
export const positionManagerAbi = parseAbi([
  'function createAndInitializePoolIfNecessary(address token0, address token1, uint24 fee, uint160 sqrtPriceX96) payable returns (address pool)',
  'struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }',
  'function mint(MintParams params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
])
const wethAbi = parseAbi(['function deposit() payable'])

export const FACTORY_UNISWAP_V2 = 0
export const FACTORY_SUSHISWAP = 1
export const FACTORY_UNISWAP_V3 = 2
/** Uniswap V4 entries of the allowlist: pools of tick spacing 60, the same holding native ETH, spacing 10. */
export const FACTORY_V4_60 = 3
export const FACTORY_V4_60_NATIVE = 4
export const FACTORY_V4_10 = 5
/** Algebra Integral's pool deployer. */
export const FACTORY_ALGEBRA = 6

const MAX_TICK: Record<number, number> = { 500: 887270, 3000: 887220, 10000: 887200 }

export type SwapFixture = Awaited<ReturnType<typeof deploySwapFixture>>

/**
 * Deploys the whole swap system on the anvil at `rpcUrl`: WETH9, two Uniswap V2 deployments
 * (`uniswap-v2`, `sushiswap`), Uniswap V3, Uniswap V4, Algebra Integral, Multicall3, Permit2, plain /
 * fee-on-transfer (1 %) / no-return-value tokens, seeded pools, and the Aggregator allowlisting every one
 * (`FACTORY_*`).
 */
export async function deploySwapFixture({ rpcUrl, chainId }: { rpcUrl: string; chainId: number }) {
  const clientFor = (addressIndex: number) =>
    createDevClient({ rpcUrl, chainId, account: mnemonicToAccount(TEST_MNEMONIC, { addressIndex }) })
  const deployer = clientFor(0)
  const user = clientFor(1)
  const attacker = clientFor(2)
  const started = Date.now()

  await deployMulticall3(deployer)
  await deployPermit2(deployer)
  const { wrappedNative: weth } = await deployWrappedNative(deployer, {
    name: 'Wrapped Ether',
    symbol: 'WETH',
  })
  const uniswapV2 = await deployUniswapV2(deployer, { wrappedNative: weth })
  const sushiswap = await deployUniswapV2(deployer, { wrappedNative: weth })
  const uniswapV3 = await deployUniswapV3(deployer, { wrappedNative: weth })
  const uniswapV4 = await deployUniswapV4(deployer)
  const algebra = await deployAlgebraIntegral(deployer)
  const token = async (
    symbol: string,
    extra: { transferFeeBps?: number; noReturnValue?: boolean; permit?: boolean } = {},
  ) => (await deployDevToken(deployer, { name: symbol, symbol, decimals: 18, ...extra })).token
  const tokenA = await token('TKA', { permit: true })
  const tokenB = await token('TKB')
  const tokenC = await token('TKC')
  const fot = await token('FOT', { transferFeeBps: 100 })
  const nrv = await token('NRV', { noReturnValue: true })
  const { aggregator } = await deployAggregator(deployer, {
    wrappedNative: weth,
    factories: [
      { factory: uniswapV2.factory, initCodeHash: getUniswapV2PairInitCodeHash(), kind: 0, v2FeeBps: 30 },
      { factory: sushiswap.factory, initCodeHash: getUniswapV2PairInitCodeHash(), kind: 0, v2FeeBps: 30 },
      { factory: uniswapV3.factory, initCodeHash: getUniswapV3PoolInitCodeHash(), kind: 1, v2FeeBps: 0 },
      ...[
        { tickSpacing: 60, native: false },
        { tickSpacing: 60, native: true },
        { tickSpacing: 10, native: false },
      ].map((entry) => ({
        factory: uniswapV4.poolManager,
        initCodeHash: encodeV4EntryParams(entry),
        kind: 2,
        v2FeeBps: 0,
      })),
      { factory: algebra.poolDeployer, initCodeHash: getAlgebraPoolInitCodeHash(), kind: 3, v2FeeBps: 0 },
    ],
  })

  const send = async (hash: Promise<Hash>) => {
    const receipt = await waitForReceipt(deployer, { hash: await hash })
    if (receipt.status !== 'success')
      throw new Error(`fixture transaction ${receipt.transactionHash} reverted`)
  }
  const supply = parseEther('1000000')
  for (const t of [tokenA, tokenB, tokenC, fot, nrv]) {
    await send(
      deployer.writeContract({
        address: t,
        abi: devTokenAbi,
        functionName: 'mint',
        args: [deployer.account.address, supply],
      }),
    )
    await send(
      deployer.writeContract({
        address: t,
        abi: devTokenAbi,
        functionName: 'mint',
        args: [user.account.address, supply],
      }),
    )
    await send(
      deployer.writeContract({
        address: t,
        abi: devTokenAbi,
        functionName: 'approve',
        args: [uniswapV3.positionManager, maxUint256],
      }),
    )
  }
  await send(
    deployer.writeContract({
      address: weth,
      abi: wethAbi,
      functionName: 'deposit',
      value: parseEther('2000'),
    }),
  )
  await send(
    deployer.writeContract({
      address: weth,
      abi: devTokenAbi,
      functionName: 'approve',
      args: [uniswapV3.positionManager, maxUint256],
    }),
  )

  const addV2 = async (factory: Address, a: Address, b: Address, amountA: bigint, amountB: bigint) => {
    await send(
      deployer.writeContract({
        address: factory,
        abi: v2FactoryAbi,
        functionName: 'createPair',
        args: [a, b],
      }),
    )
    const pair = await deployer.readContract({
      address: factory,
      abi: v2FactoryAbi,
      functionName: 'getPair',
      args: [a, b],
    })
    await send(
      deployer.writeContract({
        address: a,
        abi: devTokenAbi,
        functionName: 'transfer',
        args: [pair, amountA],
      }),
    )
    await send(
      deployer.writeContract({
        address: b,
        abi: devTokenAbi,
        functionName: 'transfer',
        args: [pair, amountB],
      }),
    )
    await send(
      deployer.writeContract({
        address: pair,
        abi: v2PairAbi,
        functionName: 'mint',
        args: [deployer.account.address],
      }),
    )
  }
  const addV3 = async (a: Address, b: Address, fee: number, amount: bigint) => {
    const [token0, token1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]
    const args = [token0, token1, fee, 2n ** 96n] as const
    await sendContractTx(deployer, {
      address: uniswapV3.positionManager,
      abi: positionManagerAbi,
      functionName: 'createAndInitializePoolIfNecessary',
      args,
    })
    const tick = MAX_TICK[fee] ?? 0
    await sendContractTx(deployer, {
      address: uniswapV3.positionManager,
      abi: positionManagerAbi,
      functionName: 'mint',
      args: [
        {
          token0,
          token1,
          fee,
          tickLower: -tick,
          tickUpper: tick,
          amount0Desired: amount,
          amount1Desired: amount,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: deployer.account.address,
          deadline: maxUint256,
        },
      ],
    })
  }
  const e = parseEther
  await addV2(uniswapV2.factory, tokenA, tokenB, e('1000'), e('1000'))
  await addV2(sushiswap.factory, tokenA, tokenB, e('1000'), e('1100'))
  await addV2(uniswapV2.factory, tokenB, tokenC, e('2000'), e('1000'))
  await addV2(uniswapV2.factory, weth, tokenA, e('500'), e('1000'))
  await addV2(uniswapV2.factory, fot, tokenA, e('1000'), e('1000'))
  await addV2(uniswapV2.factory, nrv, tokenA, e('1000'), e('1000'))
  await addV3(tokenA, tokenB, 3000, e('1000'))
  await addV3(tokenB, tokenC, 500, e('1000'))
  await addV3(weth, tokenB, 3000, e('1000'))
  const addV4 = (currencies: [Address, Address], fee: number, tickSpacing: number, liquidity: bigint) =>
    seedUniswapV4Pool(deployer, uniswapV4, {
      currencies,
      fee,
      tickSpacing,
      sqrtPriceX96: 2n ** 96n,
      // one wide position and one narrow one around the price, so swaps cross initialized ticks
      positions: [
        {
          tickLower: -Math.floor(887272 / tickSpacing) * tickSpacing,
          tickUpper: Math.floor(887272 / tickSpacing) * tickSpacing,
          liquidity,
        },
        { tickLower: -tickSpacing * 10, tickUpper: tickSpacing * 10, liquidity: liquidity * 20n },
      ],
      nativeValue: e('2000'),
    })
  await addV4([tokenA, tokenB], 3000, 60, e('1000'))
  await addV4([tokenB, tokenC], 500, 10, e('1000'))
  await addV4([zeroAddress, tokenA], 3000, 60, e('1000'))
  const addAlgebra = (tokens: [Address, Address], fee: number, tickSpacing: number, liquidity: bigint) =>
    seedAlgebraPool(deployer, algebra, {
      tokens,
      fee,
      tickSpacing,
      sqrtPriceX96: 2n ** 96n,
      positions: [
        {
          bottomTick: -Math.floor(887272 / tickSpacing) * tickSpacing,
          topTick: Math.floor(887272 / tickSpacing) * tickSpacing,
          liquidity,
        },
        { bottomTick: -tickSpacing * 10, topTick: tickSpacing * 10, liquidity: liquidity * 20n },
      ],
    })
  await addAlgebra([tokenA, tokenB], 2500, 60, e('1000'))
  await addAlgebra([tokenB, tokenC], 400, 10, e('1000'))
  await addAlgebra([weth, tokenA], 3000, 60, e('100'))

  return {
    deployer,
    user,
    attacker,
    weth,
    uniswapV2,
    sushiswap,
    uniswapV3,
    uniswapV4,
    algebra,
    tokens: { tokenA, tokenB, tokenC, fot, nrv },
    aggregator,
    deployMs: Date.now() - started,
  }
}

export type { DevClient }
