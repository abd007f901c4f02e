import type { Address } from 'viem'
import type { ChainMarket } from '../market/createChainMarket'
import { convertWeiToToken } from './computeGaslessFee'

/**
 * The relayer's converter of a gas cost in native wei to base units of a source token, with the market's USD
 * prices of the wrapped native and of the token (listed tokens only: an unlisted token has no decimals we
 * trust). Undefined when either price, or the token, is unknown: then the cost cannot be priced and the
 * relayer does not execute.
 */
export function createGasCostConverter(
  market: Pick<ChainMarket, 'getUsdPrice' | 'findToken' | 'deployment'>,
): (srcToken: Address, costWei: bigint) => bigint | undefined {
  return (srcToken, costWei) => {
    const token = market.findToken(srcToken)
    if (!token) return undefined
    return convertWeiToToken({
      wei: costWei,
      nativeUsd: market.getUsdPrice(market.deployment.wrappedNative),
      srcUsd: market.getUsdPrice(srcToken),
      srcDecimals: token.decimals,
    })
  }
}
