import { parseAbi } from 'viem'

/** The surface of the Algebra Integral factory that pool discovery uses. */
export const algebraFactoryAbi = parseAbi([
  'event Pool(address indexed token0, address indexed token1, address pool)',
  'function createPool(address tokenA, address tokenB, bytes data) returns (address pool)',
  'function poolByPair(address, address) view returns (address)',
  'function computePoolAddress(address token0, address token1) view returns (address pool)',
  'function POOL_INIT_CODE_HASH() view returns (bytes32)',
  'function poolDeployer() view returns (address)',
  'function defaultConfigurationForPool() view returns (uint16 communityFee, int24 tickSpacing, uint16 fee)',
  'function setDefaultFee(uint16 newDefaultFee)',
  'function setDefaultTickspacing(int24 newDefaultTickspacing)',
])

/** The surface of Algebra Integral pools that pool sync (and the tests' seeding) uses. */
export const algebraPoolAbi = parseAbi([
  'function globalState() view returns (uint160 price, int24 tick, uint16 lastFee, uint8 pluginConfig, uint16 communityFee, bool unlocked)',
  'function liquidity() view returns (uint128)',
  'function tickSpacing() view returns (int24)',
  'function tickTreeSecondLayer(int16) view returns (uint256)',
  'function tickTable(int16) view returns (uint256)',
  'function ticks(int24) view returns (uint256 liquidityTotal, int128 liquidityDelta, int24 prevTick, int24 nextTick, uint256 outerFeeGrowth0Token, uint256 outerFeeGrowth1Token)',
  'function prevTickGlobal() view returns (int24)',
  'function nextTickGlobal() view returns (int24)',
  'function initialize(uint160 initialPrice)',
  'function setFee(uint16 newFee)',
  'function setTickSpacing(int24 newTickSpacing)',
  'event Initialize(uint160 price, int24 tick)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 price, uint128 liquidity, int24 tick)',
  'event Mint(address sender, address indexed owner, int24 indexed bottomTick, int24 indexed topTick, uint128 liquidityAmount, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed owner, int24 indexed bottomTick, int24 indexed topTick, uint128 liquidityAmount, uint256 amount0, uint256 amount1)',
  'event Fee(uint16 fee)',
  'event TickSpacing(int24 newTickSpacing)',
  'event PluginConfig(uint8 newPluginConfig)',
])
