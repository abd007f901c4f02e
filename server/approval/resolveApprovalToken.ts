import type { TokenInfo } from '../chains/deployment'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import { isNativeAddress, resolveTradeToken } from '../quotes/resolveTradeTokens'

/**
 * The listed ERC-20 an approval is asked for. Throws `AppError('INVALID_PARAMS')` for native currency
 * (either spelling: it needs no approval) and `AppError('UNSUPPORTED_TOKEN')` for an address the chain
 * does not list; both name the `tokenAddress` parameter.
 */
export function resolveApprovalToken(market: ChainMarket, tokenAddress: string): TokenInfo {
  if (isNativeAddress(tokenAddress)) {
    throw new AppError(
      'INVALID_PARAMS',
      'tokenAddress is the native currency, which needs no approval: send it as the transaction value',
      { details: { param: 'tokenAddress', address: tokenAddress } },
    )
  }
  const token = resolveTradeToken(market, tokenAddress, 'tokenAddress')
  if (token.info === undefined) {
    throw new AppError('UNSUPPORTED_TOKEN', `tokenAddress ${tokenAddress} is not a supported token`, {
      details: { param: 'tokenAddress', address: tokenAddress },
    })
  }
  return token.info
}
