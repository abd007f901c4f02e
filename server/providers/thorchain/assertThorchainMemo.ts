import { AppError } from '../../errors'
import { MemoError, parseSwapMemo, type SwapMemo } from '../../thorchain/parseSwapMemo'
import { formatThorAsset } from '../../thorchain/thorAsset'
import type { ProviderQuoteRequest } from '../types'
import { toMemoAddress, toThorNativeAsset, toThorUnits } from './thorchainAssets'

/**
 * Throws AppError INVALID_PARAMS (param `transactionData.memo`) unless a posted `memo` is one this provider
 * quoted for `request`: a swap memo paying `request.receiver` in the requested asset, with a limit of at least
 * `amountOutMin` (base units of the output), no affiliate and no refund address of its own (the sender's is
 * ours to set). Pure.
 */
export function assertThorchainMemo(memo: string, request: ProviderQuoteRequest, amountOutMin: bigint): void {
  let parsed: SwapMemo
  try {
    parsed = parseSwapMemo(memo)
  } catch (error: unknown) {
    if (!(error instanceof MemoError)) throw error
    throw new AppError('INVALID_PARAMS', `transactionData.memo is not a swap memo: ${error.message}`, {
      details: { param: 'transactionData.memo' },
    })
  }
  const toAsset = toThorNativeAsset(request.to.chainId, request.to.address)
  if (
    toAsset === undefined ||
    formatThorAsset(parsed.asset) !== toAsset ||
    parsed.destination !== toMemoAddress(request.receiver)
  )
    throw new AppError('INVALID_PARAMS', 'The memo does not pay the receiver in the requested asset', {
      details: { param: 'transactionData.memo' },
    })
  // the memo's limit is at least the quote's minimum (a lower one, or 0 = none, lets the network pay less),
  // and this provider takes no affiliate fee
  const minimum = toThorUnits(amountOutMin, request.to.decimals)
  if (parsed.limit < minimum || parsed.affiliate !== undefined || parsed.affiliateBps > 0)
    throw new AppError('INVALID_PARAMS', "The memo's limit or affiliate is not the quote's", {
      details: { param: 'transactionData.memo' },
    })
  // the refund address is ours to set (the sender), never the posted memo's
  if (parsed.refundAddress !== undefined)
    throw new AppError('INVALID_PARAMS', 'The memo names a refund address of its own', {
      details: { param: 'transactionData.memo' },
    })
}
