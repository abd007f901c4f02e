import type { Hex } from 'viem'

/** Gas per transaction before execution: the base cost and the EIP-7623 floor per calldata token. */
const TX_BASE_GAS = 21_000n
const FLOOR_GAS_PER_TOKEN = 10n

/** Zero and other bytes of hex calldata. */
function countBytes(data: Hex): { zero: bigint; other: bigint } {
  let zero = 0
  let other = 0
  for (let i = 2; i + 1 < data.length; i += 2) {
    if (data.charCodeAt(i) === 48 && data.charCodeAt(i + 1) === 48) zero++
    else other++
  }
  return { zero: BigInt(zero), other: BigInt(other) }
}

/**
 * The gas estimate of a transaction with calldata `data` from the estimate `gas` of one that executes the same
 * way with calldata `estimatedData` (see `swapGasPathKey`): calldata is paid before execution (EIP-2028: 4 a
 * zero byte, 16 any other), so the two estimates differ by the difference of their calldata costs; and the result
 * is at least the EIP-7623 floor of `data` (21,000 + 10 per calldata token, a nonzero byte counting four).
 */
export function adjustGasForCalldata(gas: bigint, estimatedData: Hex, data: Hex): bigint {
  const before = countBytes(estimatedData)
  const after = countBytes(data)
  const adjusted = gas + 4n * (after.zero - before.zero) + 16n * (after.other - before.other)
  const floor = TX_BASE_GAS + FLOOR_GAS_PER_TOKEN * (after.zero + 4n * after.other)
  return adjusted > floor ? adjusted : floor
}
