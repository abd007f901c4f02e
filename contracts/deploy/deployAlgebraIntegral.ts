import { type Address, getContractAddress } from 'viem'
import { getThirdPartyArtifact } from '../thirdParty'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

export type AlgebraIntegralDeployment = {
  /** AlgebraFactory: `createPool(tokenA, tokenB, data)`, owned by the deployer (who administers every pool). */
  factory: Address
  /** AlgebraPoolDeployer: creates each pool by CREATE2, salt keccak256(abi.encode(token0, token1)). */
  poolDeployer: Address
  /** The package's TestAlgebraCallee: mints and swaps paying from its caller's allowance (tests and seeding). */
  callee: Address
}

/**
 * Deploys Algebra Integral's core from its published bytecode (@cryptoalgebra/integral-core 1.2.10): the
 * AlgebraFactory and the AlgebraPoolDeployer, which name each other in their constructors, so the factory is given
 * the address the deployer will have one nonce later (as Algebra's own deploy script does), then the TestAlgebraCallee
 * helper. No plugin factory and no vault factory are set: a new pool has no plugin, the factory's default fee
 * (500 pips, `setDefaultFee` by the owner), tick spacing (60, `setDefaultTickspacing`) and community fee (0); the owner
 * (a POOLS_ADMINISTRATOR) may change a pool's `setFee` and `setTickSpacing` afterwards. Uses three nonces; throws
 * if the deployer does not land where the factory expects it.
 */
export async function deployAlgebraIntegral(client: DevClient): Promise<AlgebraIntegralDeployment> {
  const nonce = await client.getTransactionCount({ address: client.account.address, blockTag: 'pending' })
  const expectedPoolDeployer = getContractAddress({ from: client.account.address, nonce: BigInt(nonce + 1) })
  const factory = await deployBytecode(client, {
    ...getThirdPartyArtifact('AlgebraFactory'),
    args: [expectedPoolDeployer],
  })
  const poolDeployer = await deployBytecode(client, {
    ...getThirdPartyArtifact('AlgebraPoolDeployer'),
    args: [factory],
  })
  if (poolDeployer !== expectedPoolDeployer) {
    throw new Error(`AlgebraPoolDeployer at ${poolDeployer}, the factory expects ${expectedPoolDeployer}`)
  }
  const callee = await deployBytecode(client, getThirdPartyArtifact('TestAlgebraCallee'))
  return { factory, poolDeployer, callee }
}
