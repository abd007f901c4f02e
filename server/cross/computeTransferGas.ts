import { type Hex, hexToBytes } from 'viem'

/** Gas of any transaction before its data (EIP-2028). */
const BASE_GAS = 21_000n

/**
 * The gas a payment of the native coin to an account (no code runs) with `data` uses: the base and the data's
 * cost, at 4 gas per zero byte and 16 per other byte, or the EIP-7623 floor of 10 per zero byte and 40 per
 * other byte where that is more (a transaction that carries data and runs no code pays the floor). Pure.
 */
export function computeTransferGas(data: Hex): bigint {
  let zero = 0n
  let other = 0n
  for (const byte of hexToBytes(data)) {
    if (byte === 0) zero++
    else other++
  }
  const standard = BASE_GAS + 4n * zero + 16n * other
  const floor = BASE_GAS + 10n * zero + 40n * other
  return standard > floor ? standard : floor
}
