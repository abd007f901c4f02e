import { type Address, encodeAbiParameters, getContractAddress, type Hex, keccak256 } from 'viem'

/**
 * The address of the Algebra Integral pool of two tokens (sorted: token0 < token1), as AlgebraPoolDeployer creates it:
 * CREATE2 from the pool deployer with salt keccak256(abi.encode(token0, token1)) and the AlgebraPool init-code hash
 * (the factory's POOL_INIT_CODE_HASH; for the npm 1.2.10 build, `getAlgebraPoolInitCodeHash()`). Pools of a custom
 * deployer (salt with the deployer first) are not these. Throws if the tokens are not sorted.
 */
export function computeAlgebraPoolAddress(params: {
  poolDeployer: Address
  initCodeHash: Hex
  token0: Address
  token1: Address
}): Address {
  const { poolDeployer, initCodeHash, token0, token1 } = params
  if (BigInt(token0) >= BigInt(token1)) throw new Error('token0 must sort before token1')
  return getContractAddress({
    opcode: 'CREATE2',
    from: poolDeployer,
    salt: keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [token0, token1])),
    bytecodeHash: initCodeHash,
  })
}
