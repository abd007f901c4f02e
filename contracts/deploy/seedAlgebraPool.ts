import { type Address, maxUint256, parseAbi } from 'viem'
import type { AlgebraIntegralDeployment } from './deployAlgebraIntegral'
import type { DevClient } from './devClient'
import { sendContractTx } from './sendContractTx'

const factoryAbi = parseAbi([
  'function createPool(address tokenA, address tokenB, bytes data) returns (address pool)',
  'function poolByPair(address, address) view returns (address)',
])
const poolAbi = parseAbi([
  'function initialize(uint160 initialPrice)',
  'function setFee(uint16 newFee)',
  'function setTickSpacing(int24 newTickSpacing)',
  'function tickSpacing() view returns (int24)',
  'function globalState() view returns (uint160 price, int24 tick, uint16 lastFee, uint8 pluginConfig, uint16 communityFee, bool unlocked)',
])
const calleeAbi = parseAbi([
  'function mint(address pool, address recipient, int24 bottomTick, int24 topTick, uint128 amount) returns (uint256 amount0Owed, uint256 amount1Owed, uint256 resultLiquidity)',
])
const erc20Abi = parseAbi(['function approve(address spender, uint256 amount) returns (bool)'])

export type SeedAlgebraPoolParams = {
  /** The pool's tokens, any order (Algebra has one pool per pair). */
  tokens: readonly [Address, Address]
  sqrtPriceX96: bigint
  /** The pool's fee in pips, set by the factory owner (default: the factory's, 500). */
  fee?: number
  /** The pool's tick spacing, set by the factory owner (default: the factory's, 60). */
  tickSpacing?: number
  /** Positions to add (ticks multiples of the spacing), paid from the client's balances through the callee. */
  positions: readonly { bottomTick: number; topTick: number; liquidity: bigint }[]
}

/**
 * Creates and initializes an Algebra Integral pool (the client must own the factory to set its fee or spacing)
 * and adds the given positions through the deployment's TestAlgebraCallee, approving it for both tokens first.
 * One transaction per step. Returns the pool's address.
 */
export async function seedAlgebraPool(
  client: DevClient,
  algebra: AlgebraIntegralDeployment,
  params: SeedAlgebraPoolParams,
): Promise<Address> {
  const [tokenA, tokenB] = params.tokens
  for (const token of params.tokens) {
    await sendContractTx(client, {
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [algebra.callee, maxUint256],
    })
  }
  await sendContractTx(client, {
    address: algebra.factory,
    abi: factoryAbi,
    functionName: 'createPool',
    args: [tokenA, tokenB, '0x'],
  })
  const pool = await client.readContract({
    address: algebra.factory,
    abi: factoryAbi,
    functionName: 'poolByPair',
    args: [tokenA, tokenB],
  })
  await sendContractTx(client, {
    address: pool,
    abi: poolAbi,
    functionName: 'initialize',
    args: [params.sqrtPriceX96],
  })
  // the pool refuses a setting to the value it has
  const spacing = await client.readContract({ address: pool, abi: poolAbi, functionName: 'tickSpacing' })
  const [, , fee] = await client.readContract({ address: pool, abi: poolAbi, functionName: 'globalState' })
  if (params.tickSpacing !== undefined && params.tickSpacing !== spacing) {
    await sendContractTx(client, {
      address: pool,
      abi: poolAbi,
      functionName: 'setTickSpacing',
      args: [params.tickSpacing],
    })
  }
  if (params.fee !== undefined && params.fee !== fee) {
    await sendContractTx(client, { address: pool, abi: poolAbi, functionName: 'setFee', args: [params.fee] })
  }
  for (const position of params.positions) {
    await sendContractTx(client, {
      address: algebra.callee,
      abi: calleeAbi,
      functionName: 'mint',
      args: [pool, client.account.address, position.bottomTick, position.topTick, position.liquidity],
    })
  }
  return pool
}
