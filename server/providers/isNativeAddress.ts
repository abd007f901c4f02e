import { type Address, isAddressEqual, zeroAddress } from 'viem'

/**
 * True when `address` is the zero address, which stands for a chain's native coin on both sides of a transfer.
 * Throws viem's InvalidAddressError when `address` is no EVM address.
 */
export function isNativeAddress(address: string): boolean {
  return isAddressEqual(address as Address, zeroAddress)
}
