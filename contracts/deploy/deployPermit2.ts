import type { Address } from 'viem'
import { getPermit2RuntimeCode, PERMIT2_ADDRESS } from '../thirdParty'
import type { DevClient } from './devClient'

/**
 * Places the canonical Permit2 runtime code at 0x000000000022D473030F116dDEE9F6B43aC78BA3 with
 * `anvil_setCode` (Permit2 recomputes its EIP-712 domain separator for other chain ids, so the etched
 * mainnet code is valid on any chain). Does not use a nonce.
 */
export async function deployPermit2(client: DevClient): Promise<{ permit2: Address }> {
  await client.setCode({ address: PERMIT2_ADDRESS, bytecode: getPermit2RuntimeCode() })
  return { permit2: PERMIT2_ADDRESS }
}
