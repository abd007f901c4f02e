/** Where the tokens imported on `chainId` are remembered (safe localStorage, see web/lib/storage.ts). */
export function importedTokensStorageKey(chainId: number): string {
  return `tributary.importedTokens.${chainId}`
}
