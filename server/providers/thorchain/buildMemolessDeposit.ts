import { zeroAddress } from 'viem'
import { getChainInfo } from '../../chains/chainInfo'
import { AppError } from '../../errors'
import { computeMemolessAmount } from '../../thorchain/computeMemolessAmount'
import type { ProviderQuote, UtxoProviderTransaction } from '../types'
import { fromThorUnits, toMemoAddress, toThorNativeAsset } from './thorchainAssets'
import type { ThorchainContext } from './thorchainContext'
import { toThorchainQuoteError } from './toThorchainQuoteError'

/**
 * The deposit of `quote` (memo checked, vault `vault` read) paid without a memo, as THORChain's memoless
 * deposits work: `memo` is registered for the source's coin (`MemoRegistrar`, one registration per memo while
 * unused), the amount is the least at or above the quote's input whose last digits are the registration's
 * reference (`computeMemolessAmount`: so the memo's limit, quoted for the input, still holds), THORNode must read
 * that amount back as the registration's reference and memo (`/thorchain/memo/check`), and the receiver's
 * expected output is THORNode's quote of that amount. Throws AppError MEMOLESS_UNAVAILABLE for a source that is
 * not a UTXO chain or without a registrar, UPSTREAM_REFUSED when THORNode reads the amount otherwise, and what
 * the registrar and the quote throw.
 */
export async function buildMemolessDeposit(
  context: ThorchainContext,
  quote: ProviderQuote,
  memo: string,
  vault: string,
): Promise<UtxoProviderTransaction> {
  const { request } = quote
  const source = getChainInfo(request.from.chainId)
  const fromAsset = toThorNativeAsset(request.from.chainId, zeroAddress)
  const toAsset = toThorNativeAsset(request.to.chainId, request.to.address)
  if (source?.family !== 'utxo' || fromAsset === undefined || toAsset === undefined)
    throw new AppError(
      'MEMOLESS_UNAVAILABLE',
      'Only a deposit from a UTXO chain (BTC, BCH, LTC, DOGE) can be paid without a memo',
      { details: { param: 'memoless', chainId: request.from.chainId } },
    )
  if (context.memoless === undefined)
    throw new AppError('MEMOLESS_UNAVAILABLE', 'This server registers no memos for deposits without one', {
      details: { param: 'memoless' },
    })
  const registration = await context.memoless.registrar.register(fromAsset, memo)
  const amount = computeMemolessAmount(request.amountIn, registration.reference)
  // what the network will make of the payment: the reference it reads in the amount, and the memo it holds
  const check = await context.memoless.client.referenceCheck(fromAsset, amount)
  if (check.reference !== registration.reference || check.memo !== memo)
    throw new AppError('UPSTREAM_REFUSED', 'THORNode does not read the memoless amount as its registration', {
      details: { amount: amount.toString(), reference: registration.reference, read: check.reference },
    })
  let expected: bigint
  try {
    const requote = await context.client.quoteSwap({
      fromAsset,
      toAsset,
      amount,
      destination: toMemoAddress(request.receiver),
      toleranceBps: Math.round(request.slippage * 10_000),
    })
    expected = BigInt(requote.expected_amount_out)
  } catch (error: unknown) {
    throw toThorchainQuoteError(error)
  }
  return {
    family: 'utxo',
    chainId: source.id,
    to: vault,
    amount,
    memo,
    memoless: {
      reference: registration.reference,
      registrationHash: registration.registrationHash,
      amountOut: fromThorUnits(expected, request.to.decimals),
    },
  }
}
