import { describe, expect, it } from 'vitest'
import {
  getAlgebraPoolInitCodeHash,
  getPermit2RuntimeCode,
  getThirdPartyArtifact,
  getUniswapV2PairInitCodeHash,
  getUniswapV3PoolInitCodeHash,
  type ThirdPartyName,
} from './thirdParty'

describe('thirdParty', () => {
  it('UniswapV3Pool init-code hash equals mainnet', () => {
    expect(getUniswapV3PoolInitCodeHash()).toBe(
      '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54',
    )
  })

  it('UniswapV2Pair init-code hash is the one compiled into the npm UniswapV2Router02 (not mainnet)', () => {
    const hash = getUniswapV2PairInitCodeHash()
    expect(hash).toBe('0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f')
    expect(hash).not.toBe('0x96e8ac42782006f8894161745b24916fe9339b629bc3e7ca895b7c575c1d9c47')
    expect(getThirdPartyArtifact('UniswapV2Router02').bytecode.includes(hash.slice(2))).toBe(true)
  })

  it('AlgebraPool init-code hash is the POOL_INIT_CODE_HASH compiled into the same package’s AlgebraFactory', () => {
    const hash = getAlgebraPoolInitCodeHash()
    expect(hash).toBe('0x62441ebe4e4315cf3d49d5957f94d66b253dbabe7006f34ad7f70947e60bf15c')
    expect(getThirdPartyArtifact('AlgebraFactory').bytecode.includes(hash.slice(2))).toBe(true)
  })

  it.each<[ThirdPartyName, string]>([
    ['UniswapV2Factory', 'createPair'],
    ['UniswapV2Pair', 'getReserves'],
    ['UniswapV2Router02', 'getAmountsOut'],
    ['WETH9', 'deposit'],
    ['UniswapV3Factory', 'enableFeeAmount'],
    ['UniswapV3Pool', 'swap'],
    ['NonfungiblePositionManager', 'createAndInitializePoolIfNecessary'],
    ['QuoterV2', 'quoteExactInput'],
    ['SwapRouter', 'exactInput'],
    ['Multicall3', 'aggregate3'],
    ['EndpointV2', 'lzReceive'],
    ['SendUln302', 'setDefaultUlnConfigs'],
    ['ReceiveUln302', 'commitVerification'],
    ['PriceFeed', 'setPrice'],
    ['Treasury', 'setNativeFeeBP'],
    ['Executor', 'execute302'],
    ['ExecutorFeeLib', 'getFeeOnSend'],
    ['DVN', 'execute'],
    ['DVNFeeLib', 'getFeeOnSend'],
    ['StargatePool', 'deposit'],
    ['StargatePoolNative', 'quoteSend'],
    ['TokenMessaging', 'setGasLimit'],
    ['CreditMessaging', 'sendCredits'],
    ['FeeLibV1', 'setFeeConfig'],
    ['Ethereum_SpokePool', 'fillRelay'],
    ['AlgebraFactory', 'createPool'],
    ['AlgebraPoolDeployer', 'deploy'],
    ['AlgebraPool', 'swap'],
    ['TestAlgebraCallee', 'swapExact0For1'],
  ])('%s has creation bytecode and an ABI with %s', (name, functionName) => {
    const { abi, bytecode } = getThirdPartyArtifact(name)
    expect(bytecode.length).toBeGreaterThan(2_000)
    expect(abi.some((item) => item.type === 'function' && item.name === functionName)).toBe(true)
  })

  it('Permit2 runtime code is parsed from DeployPermit2.sol', () => {
    const code = getPermit2RuntimeCode()
    expect(code.startsWith('0x6040608081526004908136101561001557600080fd5b')).toBe(true)
    // DOMAIN_SEPARATOR() selector in the dispatcher.
    expect(code.includes('3644e515')).toBe(true)
  })
})
