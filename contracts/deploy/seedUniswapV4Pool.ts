import { type Address, maxUint256, parseAbi, zeroAddress } from 'viem'
import type { UniswapV4Deployment } from './deployUniswapV4'
import type { DevClient } from './devClient'
import { sendContractTx } from './sendContractTx'

const poolKeyType = '(address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks)'
const poolManagerAbi = parseAbi([
  `function initialize(${poolKeyType} key, uint160 sqrtPriceX96) returns (int24)`,
])
const liquidityRouterAbi = parseAbi([
  `function modifyLiquidity(${poolKeyType} key, (int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt) params, bytes hookData) payable returns (int256)`,
])
const erc20Abi = parseAbi(['function approve(address spender, uint256 amount) returns (bool)'])

export type SeedUniswapV4PoolParams = {
  /** The pool's currencies, the zero address for native ETH; any order. */
  currencies: readonly [Address, Address]
  /** LP fee in pips (3000 = 0.3 %). */
  fee: number
  tickSpacing: number
  sqrtPriceX96: bigint
  /** Positions to add (ticks multiples of the spacing), paid from the client's balances. */
  positions: readonly { tickLower: number; tickUpper: number; liquidity: bigint }[]
  /** ETH sent with each position of a native pool (the router refunds what the position does not use). */
  nativeValue?: bigint
}

/**
 * Initializes a hookless Uniswap V4 pool in `v4.poolManager` and adds the given positions through the devnet's
 * liquidity router, approving the router for the client's tokens first. One transaction per step.
 */
export async function seedUniswapV4Pool(
  client: DevClient,
  v4: UniswapV4Deployment,
  params: SeedUniswapV4PoolParams,
) {
  const [a, b] = params.currencies
  const [currency0, currency1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]
  const key = { currency0, currency1, fee: params.fee, tickSpacing: params.tickSpacing, hooks: zeroAddress }
  for (const token of [currency0, currency1]) {
    if (token === zeroAddress) continue
    await sendContractTx(client, {
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [v4.liquidityRouter, maxUint256],
    })
  }
  await sendContractTx(client, {
    address: v4.poolManager,
    abi: poolManagerAbi,
    functionName: 'initialize',
    args: [key, params.sqrtPriceX96],
  })
  const native = currency0 === zeroAddress
  for (const position of params.positions) {
    await sendContractTx(client, {
      address: v4.liquidityRouter,
      abi: liquidityRouterAbi,
      functionName: 'modifyLiquidity',
      args: [
        key,
        {
          tickLower: position.tickLower,
          tickUpper: position.tickUpper,
          liquidityDelta: position.liquidity,
          salt: `0x${'0'.repeat(64)}`,
        },
        '0x',
      ],
      value: native ? (params.nativeValue ?? 0n) : 0n,
    })
  }
}
