import type { Address } from 'viem'
import { getThirdPartyArtifact, MULTICALL3_ADDRESS } from '../thirdParty'
import type { DevClient } from './devClient'

/**
 * Places the real Multicall3 at its canonical address 0xcA11bde05977b3631167028862bE2a173976CA11 with
 * `anvil_setCode`. The runtime code is obtained by executing viem's creation bytecode in an `eth_call`.
 * Does not use a nonce, so it never shifts other deployments' addresses.
 */
export async function deployMulticall3(client: DevClient): Promise<{ multicall3: Address }> {
  const { data } = await client.call({ data: getThirdPartyArtifact('Multicall3').bytecode })
  if (!data) throw new Error('Multicall3 creation code returned no runtime code')
  await client.setCode({ address: MULTICALL3_ADDRESS, bytecode: data })
  return { multicall3: MULTICALL3_ADDRESS }
}
