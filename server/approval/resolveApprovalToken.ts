import type { Address } from 'viem'
import type { TokenInfo } from '../chains/deployment'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import { isNativeAddress } from '../quotes/resolveTradeTokens'

/**
 * The listed ERC-20 an approval is asked for. Throws `AppError('INVALID_PARAMS')` for native currency
 * (either spelling: it needs no approval) and `AppError('UNSUPPORTED_TOKEN')` for an address the chain
 * does not list; both name the `tokenAddress` parameter in the message and in `details.param`.
 */
export function resolveApprovalToken(market: ChainMarket, tokenAddress: Address): TokenInfo {
  const details = { param: 'tokenAddress', address: tokenAddress }
  if (isNativeAddress(tokenAddress)) {
    throw new AppError(
      'INVALID_PARAMS',
      'tokenAddress is the native currency, which needs no approval: send it as the transaction value',
      { details },
    )
  }
  const token = market.findToken(tokenAddress)
  if (token === undefined) {
    throw new AppError(
      'UNSUPPORTED_TOKEN',
      `tokenAddress ${tokenAddress} is not a supported token on chain ${market.chainId}`,
      { details },
    )
  }
  return token
}
