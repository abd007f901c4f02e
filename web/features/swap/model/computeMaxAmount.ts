/**
 * The largest amount the max button fills in: the whole balance of an ERC-20, or for the native coin the
 * balance minus `gasReserve` (wei kept to pay for the approval-free swap), never below zero.
 */
export function computeMaxAmount(params: { balance: bigint; isNative: boolean; gasReserve: bigint }): bigint {
  if (!params.isNative) return params.balance
  return params.balance > params.gasReserve ? params.balance - params.gasReserve : 0n
}

/**
 * Wei to leave for gas when selling the whole native balance: twice the quote's gas cost when known (gas price
 * may move before inclusion), else `fallback`.
 */
export function computeGasReserve(params: { gasCostWei: bigint | undefined; fallback: bigint }): bigint {
  return params.gasCostWei === undefined || params.gasCostWei === 0n
    ? params.fallback
    : params.gasCostWei * 2n
}
