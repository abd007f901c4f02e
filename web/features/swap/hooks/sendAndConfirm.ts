import { type Hex, isAddress, isHex } from 'viem'
import { ClientError } from '../../../lib/ClientError'
import type { WalletSession } from '../../walletSession'

/**
 * Sends one transaction from the connected wallet on `chainId`, reports its hash through `onSent`, waits for the
 * receipt and returns it. `to` and `data` come from API answers and are checked first. Throws
 * `ClientError('INVALID_TRANSACTION')` when they are not an address and hex data, the wallet's error (rejected:
 * code 4001) or `ClientError('TX_REVERTED')`.
 */
export async function sendAndConfirm(params: {
  wallet: Pick<WalletSession, 'config' | 'kit'>
  chainId: number
  request: { to: string; data: string; value?: bigint; gas?: bigint }
  onSent?: (hash: Hex) => void
}) {
  const { to, data } = params.request
  if (!isAddress(to, { strict: false }) || !isHex(data, { strict: true }))
    throw new ClientError('INVALID_TRANSACTION', `Not a transaction: to ${to}, data ${data.slice(0, 10)}…`)
  const hash = await params.wallet.kit.sendTransaction(params.wallet.config, {
    ...params.request,
    to,
    data,
    chainId: params.chainId,
  })
  params.onSent?.(hash)
  const receipt = await params.wallet.kit.waitForTransactionReceipt(params.wallet.config, {
    hash,
    chainId: params.chainId,
  })
  if (receipt.status !== 'success') throw new ClientError('TX_REVERTED', `Transaction ${hash} reverted`)
  return receipt
}

/**
 * Whether a failure of `sendAndConfirm` after the transaction was sent means it failed on chain (it reverted).
 * Anything else there (the node unreachable, the page unloading mid-request) says nothing of the transaction:
 * its history record stays pending, and the history's receipt polling settles it.
 */
export function isRevert(error: unknown): boolean {
  return error instanceof ClientError && error.code === 'TX_REVERTED'
}
