import { type Address, encodeFunctionData, zeroAddress } from 'viem'
import { getThirdPartyArtifact } from '../thirdParty'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

/** Quote timestamps a deposit may carry: at most one hour old (Across's production value). */
export const acrossDepositQuoteTimeBuffer = 3_600
/** A deposit's fill deadline may lie at most six hours after the deposit (Across's production value). */
export const acrossFillDeadlineBuffer = 21_600

export type DeployAcrossSpokePoolParams = {
  wrappedNative: Address
  /** Receives tokens a relayer refund leaf returns to the hub (`amountToReturn`); the devnet's admin. */
  withdrawalRecipient: Address
}

/**
 * Deploys Across's `Ethereum_SpokePool` from the npm bytecode of @across-protocol/contracts (never recompiled)
 * behind an `ERC1967Proxy` and initializes it through the proxy as production does (`initialize(0,
 * withdrawalRecipient)` in the proxy's constructor). Of the SpokePool variants this is the one whose admin check
 * an EOA can satisfy on a devnet: `_requireAdminSender` is `onlyOwner`, and `initialize` makes the caller (the
 * client's account) the owner, so that account relays root bundles (`relayRootBundle`). The L2 variants check a
 * cross-domain messenger (Arbitrum's aliased sender, Optimism's CrossDomainMessenger, Polygon's FxChild) that
 * a devnet does not have; `chainId()` is `block.chainid` here, so fills and refunds carry each chain's own id.
 * V5 fills are disabled (gateway zero). Uses two nonces; returns the proxy's address.
 */
export async function deployAcrossSpokePool(
  client: DevClient,
  params: DeployAcrossSpokePoolParams,
): Promise<{ spokePool: Address; implementation: Address }> {
  const spoke = getThirdPartyArtifact('Ethereum_SpokePool')
  const implementation = await deployBytecode(client, {
    abi: spoke.abi,
    bytecode: spoke.bytecode,
    args: [params.wrappedNative, acrossDepositQuoteTimeBuffer, acrossFillDeadlineBuffer, zeroAddress],
  })
  const spokePool = await deployBytecode(client, {
    ...getThirdPartyArtifact('ERC1967Proxy'),
    args: [
      implementation,
      encodeFunctionData({
        abi: spoke.abi,
        functionName: 'initialize',
        args: [0, params.withdrawalRecipient],
      }),
    ],
  })
  return { spokePool, implementation }
}
