import { parseAbi } from 'viem'

/** The read-only surface of Uniswap V2-style factories that pool discovery uses. */
export const v2FactoryAbi = parseAbi([
  'event PairCreated(address indexed token0, address indexed token1, address pair, uint256 pairIndex)',
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
])

/** The read-only surface of Uniswap V2-style pairs that pool sync uses. */
export const v2PairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
])
