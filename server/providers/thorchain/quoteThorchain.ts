import { type Address, isAddressEqual, zeroAddress } from 'viem'
import { getChainInfo } from '../../chains/chainInfo'
import type { ProviderQuote, ProviderQuoteRequest } from '../types'
import type { ThornodeSwapQuote } from './createThornodeClient'
import { planThorchainOriginSwap } from './planThorchainOriginSwap'
import { servesThorchainPair } from './servesThorchainPair'
import { toMemoAddress, toThorNativeAsset, toThorUnits } from './thorchainAssets'
import type { ThorchainContext } from './thorchainContext'
import { toThorchainQuote } from './toThorchainQuote'
import { toThorchainQuoteError } from './toThorchainQuoteError'

/**
 * The liquidity network's quote for `request`, at most one: THORNode's own swap quote of the input (or of the
 * native coin an ERC-20 input's origin swap pays) to the receiver, with the slippage as the memo's limit
 * (`toThorchainQuote`). Empty when the network does not serve the pair, the EVM source chain has no pinned router
 * or an ERC-20 input has no origin swap.
 * Throws what `toThorchainQuoteError` makes of THORNode's refusal, and THORNode's outage.
 */
export async function quoteThorchain(
  context: ThorchainContext,
  request: ProviderQuoteRequest,
  signal: AbortSignal,
): Promise<ProviderQuote[]> {
  // a pair served until THORNode says which chains it serves: the quote asks it (503 while it is out)
  if (!context.chainsKnown()) await context.readInbound(signal)
  if (!servesThorchainPair(context.chains(), request.from.chainId, request.to.chainId)) return []
  const evmSource = getChainInfo(request.from.chainId)?.family === 'evm'
  // a deposit from an EVM chain goes through its pinned router only: without one, nothing to quote
  if (evmSource && !context.pinnedRouters.has(request.from.chainId)) return []
  const tokenSource = evmSource && !isAddressEqual(request.from.address as Address, zeroAddress)
  const origin = tokenSource ? planThorchainOriginSwap(context, request) : undefined
  if (tokenSource && origin === undefined) return []
  const fromAsset = toThorNativeAsset(request.from.chainId, tokenSource ? zeroAddress : request.from.address)
  const toAsset = toThorNativeAsset(request.to.chainId, request.to.address)
  if (fromAsset === undefined || toAsset === undefined) return []
  const nativeDecimals = getChainInfo(request.from.chainId)?.nativeCurrency.decimals ?? 18
  const amount =
    origin === undefined
      ? toThorUnits(request.amountIn, request.from.decimals)
      : toThorUnits(origin.nativeOut, nativeDecimals)
  const toleranceBps = Math.round(request.slippage * 10_000)
  let quote: ThornodeSwapQuote
  try {
    quote = await context.client.quoteSwap(
      { fromAsset, toAsset, amount, destination: toMemoAddress(request.receiver), toleranceBps },
      signal,
    )
  } catch (error: unknown) {
    throw toThorchainQuoteError(error)
  }
  return [toThorchainQuote({ request, quote, fromAsset, toAsset, amount, nativeDecimals, origin })]
}
