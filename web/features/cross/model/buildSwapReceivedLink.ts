import { formatUnits, isAddressEqual, zeroAddress } from 'viem'
import { buildSwapSearch } from '../../../lib/swapSearchParams'

/**
 * The app link that swaps what a failed destination swap paid instead (`tokenReceived`, e.g. the bridged USDC)
 * into the token the trade asked for, on the destination chain, with the amount received filled in when the
 * token's decimals are known (from the chain's token list; the native coin has 18). Pure.
 */
export function buildSwapReceivedLink(params: {
  chainId: number
  tokenReceived: string
  amountReceived: string
  tokenOut: string
  tokens: readonly { address: string; decimals: number }[]
}): string {
  const decimals = isAddressEqual(params.tokenReceived as `0x${string}`, zeroAddress)
    ? 18
    : params.tokens.find((t) =>
        isAddressEqual(t.address as `0x${string}`, params.tokenReceived as `0x${string}`),
      )?.decimals
  return buildSwapSearch({
    search: '',
    chainId: params.chainId,
    from: params.tokenReceived,
    to: params.tokenOut,
    amount: decimals === undefined ? '' : formatUnits(BigInt(params.amountReceived), decimals),
    side: 'in',
  })
}
