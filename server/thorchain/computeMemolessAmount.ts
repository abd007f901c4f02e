/**
 * The least amount at or above `amount` whose last digits are `reference` (THORChain's zero-padded memoless
 * reference, e.g. `00042`): what a deposit without a memo pays so that the network reads the reference in it
 * (`extractMemoReference`). Both amounts are in the units the network takes the reference from: base units of a
 * UTXO coin (8 decimals, so 1e8 units too). Never below `amount`, so a swap memo's limit quoted for `amount` still
 * holds; at most 10^digits - 1 above it. Throws an Error for a reference that is not digits or is zero. Pure.
 */
export function computeMemolessAmount(amount: bigint, reference: string): bigint {
  if (!/^\d{1,18}$/.test(reference) || BigInt(reference) === 0n)
    throw new Error(`not a memoless reference: ${reference}`)
  const modulus = 10n ** BigInt(reference.length)
  const candidate = amount - (amount % modulus) + BigInt(reference)
  return candidate >= amount ? candidate : candidate + modulus
}
