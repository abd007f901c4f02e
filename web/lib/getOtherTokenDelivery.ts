import { formatUnits, isAddressEqual, zeroAddress } from 'viem'
import { formatTokenAmount } from './formatTokenAmount'
import { buildSwapSearch } from './swapSearchParams'

/** A cross-chain trade that arrived in another token than asked: what to tell, and the swap that finishes it. */
export interface OtherTokenDelivery {
  /** e.g. "Delivered 24.98 USDC on Arbitrum instead of WETH: the swap on arrival could not meet its minimum". */
  text: string
  /**
   * The swap card's link (the app's root path) on the destination chain: from the received token, exactly the amount received (exact
   * in), to the token asked, for the trade's receiver (who holds what arrived).
   */
  link: string
}

/**
 * When a cross-chain trade's destination swap could not meet its minimum and the receiver got the bridged token
 * instead (`info/tx` `receivedDifferentTokens`, history state `deliveredOtherToken`): the plain words and the
 * "Finish the swap" link. The amount is shown in full (every decimal the token has, so it reads exactly what the
 * link fills in). Undefined when the received token's decimals are unknown (not in the chain's list and not the
 * native coin), since the exact amount cannot be written then. Pure.
 */
export function getOtherTokenDelivery(params: {
  chainId: number
  chainName: string
  tokenReceived: string
  /** Base units of `tokenReceived`. */
  amountReceived: string
  asked: { address: string; symbol: string }
  /** The trade's receiver on the destination chain, when known. */
  receiver: string | undefined
  /** The destination chain's token list (symbols and decimals). */
  tokens: readonly { address: string; symbol: string; decimals: number }[]
  /** BCP 47 locale of the text; the runtime default when undefined. */
  locale?: string | undefined
}): OtherTokenDelivery | undefined {
  const address = params.tokenReceived as `0x${string}`
  const listed = params.tokens.find((t) => isAddressEqual(t.address as `0x${string}`, address))
  const received =
    listed ?? (isAddressEqual(address, zeroAddress) ? { symbol: 'the native coin', decimals: 18 } : undefined)
  if (received === undefined || !/^\d+$/.test(params.amountReceived)) return undefined
  const amount = BigInt(params.amountReceived)
  const shown = formatTokenAmount({
    amount,
    decimals: received.decimals,
    maximumFractionDigits: received.decimals,
    locale: params.locale,
  })
  const search = buildSwapSearch({
    search:
      params.receiver === undefined ? '' : new URLSearchParams({ receiver: params.receiver }).toString(),
    chainId: params.chainId,
    from: params.tokenReceived,
    to: params.asked.address,
    amount: formatUnits(amount, received.decimals),
    side: 'in',
  })
  return {
    text: `Delivered ${shown} ${received.symbol} on ${params.chainName} instead of ${params.asked.symbol}: the swap on arrival could not meet its minimum`,
    link: `/${search}`,
  }
}
