import { isSameAddress } from '../../../lib/isSameAddress'

/**
 * The swap card's notice when its link names a `receiver` (a "Finish the swap" link: what a cross-chain trade
 * delivered is held by its receiver) that is not the connected wallet: a swap is paid by and pays its signer, so
 * only that wallet can finish it. Undefined when the link names none or that wallet is connected. Pure.
 */
export function describeLinkedReceiver(params: {
  receiver: string | undefined
  account: string | undefined
}): string | undefined {
  const { receiver, account } = params
  if (receiver === undefined || (account !== undefined && isSameAddress(receiver, account))) return undefined
  const short = `${receiver.slice(0, 6)}…${receiver.slice(-4)}`
  return account === undefined
    ? `This swap is for ${short}, which holds the tokens: connect that wallet to finish it.`
    : `This swap is for ${short}, which holds the tokens, not the connected wallet: connect ${short} to finish it.`
}
