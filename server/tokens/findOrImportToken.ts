import type { Address } from 'viem'
import type { TokenRecord } from './buildTokenRecord'
import type { TokenAdopter } from './createTokenAdopter'
import type { TokenCatalog } from './createTokenCatalog'
import { getListedToken } from './getListedToken'

/**
 * The record of `tokenAddress` on `chainId` (a supported chain): a listed or already imported token's from the
 * catalog, else the token imported now (`TokenAdopter.adopt`), tagged `unverified`. Throws what `adopt` throws
 * (TOKEN_NOT_FOUND, NO_LIQUIDITY, TOKEN_TRANSFER_TAXED, TOO_MANY_IMPORTED_TOKENS, UPSTREAM_UNAVAILABLE).
 */
export async function findOrImportToken(
  deps: { catalog: TokenCatalog; adopter: TokenAdopter },
  chainId: number,
  tokenAddress: Address,
): Promise<TokenRecord> {
  const found = deps.catalog.findToken(chainId, tokenAddress)
  if (found) return found
  await deps.adopter.adopt(chainId, tokenAddress)
  return getListedToken(deps.catalog, chainId, tokenAddress)
}
