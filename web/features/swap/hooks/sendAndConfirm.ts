import { type Hex, isAddress, isHex } from 'viem'
import type { Config } from 'wagmi'
import { sendTransaction, waitForTransactionReceipt } from 'wagmi/actions'
import { ClientError } from '../../../lib/ClientError'

/**
 * Sends one transaction from the connected wallet on `chainId`, reports its hash through `onSent`, waits for the
 * receipt and returns it. `to` and `data` come from API answers and are checked first. Throws
 * `ClientError('INVALID_TRANSACTION')` when they are not an address and hex data, the wallet's error (rejected:
 * code 4001) or `ClientError('TX_REVERTED')`.
 */
export async function sendAndConfirm(params: {
  config: Config
  chainId: number
  request: { to: string; data: string; value?: bigint; gas?: bigint }
  onSent?: (hash: Hex) => void
}) {
  const { to, data } = params.request
  if (!isAddress(to, { strict: false }) || !isHex(data, { strict: true }))
    throw new ClientError('INVALID_TRANSACTION', `Not a transaction: to ${to}, data ${data.slice(0, 10)}…`)
  const hash = await sendTransaction(params.config, { ...params.request, to, data, chainId: params.chainId })
  params.onSent?.(hash)
  const receipt = await waitForTransactionReceipt(params.config, { hash, chainId: params.chainId })
  if (receipt.status !== 'success') throw new ClientError('TX_REVERTED', `Transaction ${hash} reverted`)
  return receipt
}
