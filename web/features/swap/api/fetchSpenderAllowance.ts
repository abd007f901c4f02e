import { type Address, getAddress } from 'viem'
import { erc20Abi } from '../../../lib/erc20Abi'
import type { WalletSession } from '../../walletSession'

/**
 * How much of `tokenAddress` `spender` may spend from `walletAddress`, in base units, read on chain through the
 * wallet's node: for a spender the server's `approval/allowance` does not serve (it reads the aggregator's).
 * Throws viem's `InvalidAddressError` for a `tokenAddress` that is none, the wallet kit's error when the read fails.
 */
export async function fetchSpenderAllowance(params: {
  wallet: Pick<WalletSession, 'config' | 'kit'>
  chainId: number
  tokenAddress: string
  walletAddress: Address
  spender: Address
}): Promise<bigint> {
  return params.wallet.kit.readContract(params.wallet.config, {
    address: getAddress(params.tokenAddress),
    abi: erc20Abi,
    functionName: 'allowance',
    args: [params.walletAddress, params.spender],
    chainId: params.chainId,
  })
}
