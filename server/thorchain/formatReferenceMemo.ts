/**
 * THORChain's memo registering `memo` for deposits of `asset` without a memo (`REFERENCE:ASSET:MEMO`, sent in a
 * `MsgDeposit` on THORChain): the network answers a reference number that such deposits carry in their amount.
 * Pure.
 */
export function formatReferenceMemo(asset: string, memo: string): string {
  return `REFERENCE:${asset}:${memo}`
}
