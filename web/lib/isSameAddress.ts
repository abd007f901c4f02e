import { isAddress, isAddressEqual } from 'viem'

/**
 * True when `a` and `b` are the same EVM address in any letter case (viem's `isAddressEqual`); false when
 * either is not an address at all, so strings from API answers can be compared without a throw.
 */
export function isSameAddress(a: string, b: string): boolean {
  return isAddress(a, { strict: false }) && isAddress(b, { strict: false }) && isAddressEqual(a, b)
}
