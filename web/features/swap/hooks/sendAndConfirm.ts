import type { Hex } from 'viem'
import type { Config } from 'wagmi'
import { sendTransaction, waitForTransactionReceipt } from 'wagmi/actions'
import { ClientError } from '../../../lib/ClientError'

/**
 * Sends one transaction from the connected wallet on `chainId`, reports its hash through `onSent`, waits for the
 * receipt and returns it. Throws the wallet's error (rejected: code 4001) or `ClientError('TX_REVERTED')`.
 */
export async function sendAndConfirm(params: {
  config: Config
  chainId: number
  request: { to: Hex; data: Hex; value?: bigint; gas?: bigint }
  onSent?: (hash: Hex) => void
}) {
  const hash = await sendTransaction(params.config, { ...params.request, chainId: params.chainId })
  params.onSent?.(hash)
  const receipt = await waitForTransactionReceipt(params.config, { hash, chainId: params.chainId })
  if (receipt.status !== 'success') throw new ClientError('TX_REVERTED', `Transaction ${hash} reverted`)
  return receipt
}
