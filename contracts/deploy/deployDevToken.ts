import type { Address } from 'viem'
import { devTokenAbi, devTokenBytecode } from '../artifacts/index'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

export type DeployDevTokenParams = {
  name: string
  symbol: string
  decimals: number
  /** Transfer tax in bps charged on transfer/transferFrom and paid to the minter; 0 for a plain token. */
  transferFeeBps?: number
  /** USDT-style: approve from a non-zero allowance to another non-zero value reverts. */
  requireAllowanceReset?: boolean
  /** USDT-style: transfer/transferFrom/approve return no value. */
  noReturnValue?: boolean
  /** Who may mint and receives transfer fees; defaults to the deployer. */
  minter?: Address
  /** EIP-2612 `permit` (domain version "1"), like USDC. */
  permit?: boolean
}

/**
 * Deploys a devnet `DevToken` ERC20 with the given quirks. Minting is `mint(to, amount)` by `minter`
 * only. Uses one nonce.
 */
export async function deployDevToken(
  client: DevClient,
  params: DeployDevTokenParams,
): Promise<{ token: Address }> {
  const token = await deployBytecode(client, {
    abi: devTokenAbi,
    bytecode: devTokenBytecode,
    args: [
      params.name,
      params.symbol,
      params.decimals,
      params.transferFeeBps ?? 0,
      params.requireAllowanceReset ?? false,
      params.noReturnValue ?? false,
      params.minter ?? client.account.address,
      params.permit ?? false,
    ],
  })
  return { token }
}
