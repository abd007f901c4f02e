import type { Address } from 'viem'
import { AppError } from '../errors'
import type { TokenRecord } from './buildTokenRecord'
import type { TokenCatalog } from './createTokenCatalog'

/**
 * The catalog's record of `tokenAddress` on `chainId` (a supported chain). Throws AppError NOT_FOUND (404)
 * with `details: { chainId, tokenAddress }` for a token the chain does not list.
 */
export function getListedToken(catalog: TokenCatalog, chainId: number, tokenAddress: Address): TokenRecord {
  const token = catalog.findToken(chainId, tokenAddress)
  if (token === undefined) {
    throw new AppError('NOT_FOUND', `Token ${tokenAddress} is not listed on chain ${chainId}`, {
      details: { chainId, tokenAddress },
    })
  }
  return token
}
