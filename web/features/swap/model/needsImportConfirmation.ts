import type { TokenRecord } from '../../../lib/api'

/**
 * Whether choosing `token` must first show the unverified-token warning and ask for an explicit import: a token
 * the server imported by address (tagged `unverified`) that the user has not imported on this chain before.
 */
export function needsImportConfirmation(token: TokenRecord, imported: readonly TokenRecord[]): boolean {
  if (!token.tags.includes('unverified')) return false
  const address = token.address.toLowerCase()
  return !imported.some((t) => t.chainId === token.chainId && t.address.toLowerCase() === address)
}
