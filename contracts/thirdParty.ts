import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { type Abi, type Hex, isHex, keccak256, multicall3Abi } from 'viem'

export type ThirdPartyArtifact = { abi: Abi; bytecode: Hex }

export type ThirdPartyName =
  | 'UniswapV2Factory'
  | 'UniswapV2Pair'
  | 'UniswapV2Router02'
  | 'WETH9'
  | 'UniswapV3Factory'
  | 'UniswapV3Pool'
  | 'NonfungiblePositionManager'
  | 'QuoterV2'
  | 'SwapRouter'
  | 'Multicall3'
  | 'EndpointV2'
  | 'SendUln302'
  | 'ReceiveUln302'
  | 'PriceFeed'
  | 'Treasury'
  | 'Executor'
  | 'ExecutorFeeLib'
  | 'DVN'
  | 'DVNFeeLib'
  | 'StargatePool'
  | 'StargatePoolNative'
  | 'TokenMessaging'
  | 'CreditMessaging'
  | 'FeeLibV1'
  | 'Ethereum_SpokePool'
  | 'ERC1967Proxy'
  | 'PoolManager'
  | 'StateView'
  | 'V4Quoter'
  | 'PoolModifyLiquidityTest'
  | 'AlgebraFactory'
  | 'AlgebraPoolDeployer'
  | 'AlgebraPool'
  | 'TestAlgebraCallee'

const lzMessageLib = '@layerzerolabs/lz-evm-messagelib-v2/artifacts/contracts'
const stargate = '@stargatefinance/stg-evm-v2/artifacts/src'
const across = '@across-protocol/contracts/dist/evm/artifacts'
const uniswapV4 = '@uniswap/v4-periphery/foundry-out'
const algebraCore = '@cryptoalgebra/integral-core/artifacts/contracts'

const artifactPaths: Record<Exclude<ThirdPartyName, 'Multicall3'>, string> = {
  UniswapV2Factory: '@uniswap/v2-core/build/UniswapV2Factory.json',
  UniswapV2Pair: '@uniswap/v2-core/build/UniswapV2Pair.json',
  UniswapV2Router02: '@uniswap/v2-periphery/build/UniswapV2Router02.json',
  WETH9: '@uniswap/v2-periphery/build/WETH9.json',
  UniswapV3Factory: '@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json',
  UniswapV3Pool: '@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json',
  NonfungiblePositionManager:
    '@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json',
  QuoterV2: '@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json',
  SwapRouter: '@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json',
  EndpointV2: '@layerzerolabs/lz-evm-protocol-v2/artifacts/contracts/EndpointV2.sol/EndpointV2.json',
  SendUln302: `${lzMessageLib}/uln/uln302/SendUln302.sol/SendUln302.json`,
  ReceiveUln302: `${lzMessageLib}/uln/uln302/ReceiveUln302.sol/ReceiveUln302.json`,
  PriceFeed: `${lzMessageLib}/PriceFeed.sol/PriceFeed.json`,
  Treasury: `${lzMessageLib}/Treasury.sol/Treasury.json`,
  Executor: `${lzMessageLib}/Executor.sol/Executor.json`,
  ExecutorFeeLib: `${lzMessageLib}/ExecutorFeeLib.sol/ExecutorFeeLib.json`,
  DVN: `${lzMessageLib}/uln/dvn/DVN.sol/DVN.json`,
  DVNFeeLib: `${lzMessageLib}/uln/dvn/DVNFeeLib.sol/DVNFeeLib.json`,
  StargatePool: `${stargate}/StargatePool.sol/StargatePool.json`,
  StargatePoolNative: `${stargate}/StargatePoolNative.sol/StargatePoolNative.json`,
  TokenMessaging: `${stargate}/messaging/TokenMessaging.sol/TokenMessaging.json`,
  CreditMessaging: `${stargate}/messaging/CreditMessaging.sol/CreditMessaging.json`,
  FeeLibV1: `${stargate}/feelibs/FeeLibV1.sol/FeeLibV1.json`,
  Ethereum_SpokePool: `${across}/Ethereum_SpokePool.sol/Ethereum_SpokePool.json`,
  ERC1967Proxy: `${across}/ERC1967Proxy.sol/ERC1967Proxy.json`,
  PoolManager: `${uniswapV4}/PoolManager.sol/PoolManager.default.json`,
  StateView: `${uniswapV4}/StateView.sol/StateView.json`,
  V4Quoter: `${uniswapV4}/V4Quoter.sol/V4Quoter.json`,
  PoolModifyLiquidityTest: `${uniswapV4}/PoolModifyLiquidityTest.sol/PoolModifyLiquidityTest.default.json`,
  AlgebraFactory: `${algebraCore}/AlgebraFactory.sol/AlgebraFactory.json`,
  AlgebraPoolDeployer: `${algebraCore}/AlgebraPoolDeployer.sol/AlgebraPoolDeployer.json`,
  AlgebraPool: `${algebraCore}/AlgebraPool.sol/AlgebraPool.json`,
  TestAlgebraCallee: `${algebraCore}/test/TestAlgebraCallee.sol/TestAlgebraCallee.json`,
}

export const PERMIT2_ADDRESS = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11'

const cache = new Map<ThirdPartyName, ThirdPartyArtifact>()

/**
 * Loads the ABI and creation bytecode of a real third-party contract exactly as published on npm
 * (Uniswap V2 waffle builds, Uniswap V3, LayerZero V2, Stargate V2, Across and Algebra Integral hardhat artifacts,
 * Uniswap V4 foundry artifacts, viem's Multicall3). Never recompiled, so the
 * bytecode and CREATE2 init-code hashes are the published ones. Throws if the package file is missing.
 */
export function getThirdPartyArtifact(name: ThirdPartyName): ThirdPartyArtifact {
  const cached = cache.get(name)
  if (cached) return cached
  const artifact =
    name === 'Multicall3'
      ? { abi: multicall3Abi as Abi, bytecode: loadMulticall3Bytecode() }
      : loadJsonArtifact(name)
  cache.set(name, artifact)
  return artifact
}

/**
 * The CREATE2 init-code hash of the npm UniswapV2Pair: keccak256 of its creation bytecode. This is the
 * hash the npm UniswapV2Router02 has compiled in; it differs from mainnet's 0x96e8ac42782006f8... because
 * the npm build's metadata differs.
 */
export function getUniswapV2PairInitCodeHash(): Hex {
  return keccak256(getThirdPartyArtifact('UniswapV2Pair').bytecode)
}

/**
 * The CREATE2 init-code hash of the npm UniswapV3Pool: keccak256 of its creation bytecode (equal to
 * mainnet's 0xe34f199b...).
 */
export function getUniswapV3PoolInitCodeHash(): Hex {
  return keccak256(getThirdPartyArtifact('UniswapV3Pool').bytecode)
}

/**
 * The CREATE2 init-code hash of Algebra Integral's AlgebraPool (@cryptoalgebra/integral-core 1.2.10): keccak256 of its
 * creation bytecode, which takes no constructor arguments (the pool asks its deployer for them). The
 * AlgebraPoolDeployer creates each pool with it, and the factory's POOL_INIT_CODE_HASH answers the same.
 */
export function getAlgebraPoolInitCodeHash(): Hex {
  return keccak256(getThirdPartyArtifact('AlgebraPool').bytecode)
}

/**
 * The runtime bytecode of the canonical Permit2, parsed from the `hex"..."` literal in
 * @uniswap/v4-periphery's lib/permit2/test/utils/DeployPermit2.sol (meant for `vm.etch`/`anvil_setCode`).
 * Throws if the literal cannot be found.
 */
export function getPermit2RuntimeCode(): Hex {
  const require = createRequire(import.meta.url)
  const source = readFileSync(
    require.resolve('@uniswap/v4-periphery/lib/permit2/test/utils/DeployPermit2.sol'),
    'utf8',
  )
  const match = /hex"([0-9a-fA-F]+)"/.exec(source)
  if (!match?.[1]) throw new Error('Permit2 bytecode literal not found in DeployPermit2.sol')
  return `0x${match[1]}`
}

function loadJsonArtifact(name: Exclude<ThirdPartyName, 'Multicall3'>): ThirdPartyArtifact {
  const json: unknown = JSON.parse(readFileSync(resolvePackageFile(artifactPaths[name]), 'utf8'))
  if (typeof json !== 'object' || json === null || !('abi' in json) || !('bytecode' in json)) {
    throw new Error(`${artifactPaths[name]} is not an artifact`)
  }
  // hardhat and waffle give the bytecode as a string, foundry as `{ object }`
  const raw =
    typeof json.bytecode === 'object' && json.bytecode !== null && 'object' in json.bytecode
      ? json.bytecode.object
      : json.bytecode
  const bytecode = typeof raw === 'string' ? (raw.startsWith('0x') ? raw : `0x${raw}`) : ''
  if (!isHex(bytecode) || bytecode.length < 4) throw new Error(`${artifactPaths[name]} has no bytecode`)
  return { abi: json.abi as Abi, bytecode }
}

/**
 * The path of `spec` (`<package>/<file>`) on disk. Packages whose `exports` hide their artifacts
 * (@stargatefinance/stg-evm-v2) are found through their exported package.json instead.
 */
function resolvePackageFile(spec: string): string {
  const require = createRequire(import.meta.url)
  try {
    return require.resolve(spec)
  } catch (error: unknown) {
    const parts = spec.split('/')
    const size = spec.startsWith('@') ? 2 : 1
    if (parts.length <= size) throw error
    const packageJson = require.resolve(`${parts.slice(0, size).join('/')}/package.json`)
    return path.join(path.dirname(packageJson), ...parts.slice(size))
  }
}

/** viem ships Multicall3's creation code but does not export it from a public entry point. */
function loadMulticall3Bytecode(): Hex {
  const require = createRequire(import.meta.url)
  const viemDir = path.dirname(require.resolve('viem/package.json'))
  const source = readFileSync(path.join(viemDir, '_esm', 'constants', 'contracts.js'), 'utf8')
  const match = /multicall3Bytecode = '(0x[0-9a-fA-F]+)'/.exec(source)
  if (!match?.[1] || !isHex(match[1])) throw new Error('multicall3Bytecode not found in viem')
  return match[1]
}
