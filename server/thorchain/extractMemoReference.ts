/**
 * THORChain's default `MemolessTxnRefCount`: references run from 1 to 99,999, so a reference is five digits
 * (its length is the count's).
 */
export const MEMOLESS_REF_COUNT = 99_999

/** THORChain's own decimals: every observed amount is in 1e8 units. */
const THOR_DECIMALS = 8

/**
 * The reference a deposit without a memo carries in its amount, as THORChain reads it
 * (`ExtractReferenceFromAmount`): the amount in 1e8 units, brought back to the asset's own `decimals` when it
 * has fewer than 8 (an ATOM amount in uatom), then its last `digits` digits, zero-padded, `digits` being the
 * length of the network's reference count (`refCount`, 99,999 by default: five). Undefined for a zero amount
 * and for a reference of zero (an amount divisible by 10^digits), which the network treats as no reference.
 * Pure.
 */
export function extractMemoReference(
  amountE8: bigint,
  decimals: number,
  refCount: number = MEMOLESS_REF_COUNT,
): string | undefined {
  if (amountE8 <= 0n || refCount <= 0) return undefined
  const digits = String(refCount).length
  const normalized = decimals < THOR_DECIMALS ? amountE8 / 10n ** BigInt(THOR_DECIMALS - decimals) : amountE8
  const reference = normalized % 10n ** BigInt(digits)
  return reference === 0n ? undefined : reference.toString().padStart(digits, '0')
}
