/**
 * Gas of `GaslessSettlement.executeWithPermit` besides the route: the token's EIP-2612 permit, the Permit2
 * witness transfer (a fresh nonce word), the fee transfer to the relayer (a fresh balance) and the checks.
 * Measured on the devnet: 396k gas estimated for the first permit order of one step (USDC to WETH), which a budget of 160k +
 * 110k per step left 26% short, so the fee never covered the relayer's check (docs/gasless.md).
 */
export const GASLESS_BASE_GAS = 300_000n
/** Gas per route step (one pool swap with its transfers; a V3 swap crossing a few ticks included). */
export const GASLESS_STEP_GAS = 150_000n
/**
 * The signed fee covers this multiple of the budgeted gas at the quoted gas price (basis points): the relayer
 * executes while the gas it estimates, at the gas price of the moment, stays within the fee, so the order keeps
 * filling while the gas price rises by up to half over its life.
 */
export const GASLESS_FEE_MARGIN_BPS = 15_000n

/**
 * Gas units the relayer budgets for an order whose route has `stepCount` steps: the fee is priced on them, and
 * the relayer's transaction never gets more (an order that needs more fails).
 */
export function gaslessGasUnits(stepCount: number): bigint {
  return GASLESS_BASE_GAS + GASLESS_STEP_GAS * BigInt(stepCount)
}

/**
 * The fee of a gasless order in the source token's base units: `gasUnits` × `gasPrice` × the margin, in
 * native wei, converted with the two USD prices (per whole token) to `srcDecimals`, rounded up, at least 1.
 * Undefined when a price is missing or not positive (the fee cannot be priced).
 */
export function computeGaslessFee(p: {
  gasUnits: bigint
  gasPrice: bigint
  nativeUsd: number | undefined
  srcUsd: number | undefined
  srcDecimals: number
}): bigint | undefined {
  const costWei = (p.gasUnits * p.gasPrice * GASLESS_FEE_MARGIN_BPS) / 10_000n
  return convertWeiToToken({
    wei: costWei,
    nativeUsd: p.nativeUsd,
    srcUsd: p.srcUsd,
    srcDecimals: p.srcDecimals,
  })
}

/** `wei` of native currency in base units of a token (rounded up, at least 1), or undefined without prices. */
export function convertWeiToToken(p: {
  wei: bigint
  nativeUsd: number | undefined
  srcUsd: number | undefined
  srcDecimals: number
}): bigint | undefined {
  if (!p.nativeUsd || !p.srcUsd || p.nativeUsd <= 0 || p.srcUsd <= 0) return undefined
  const scale = 10n ** 18n
  // token units per native wei, as a 1e18-scaled integer ratio
  const ratio = BigInt(Math.round((p.nativeUsd / p.srcUsd) * 1e12)) * 10n ** 6n
  const num = p.wei * ratio * 10n ** BigInt(p.srcDecimals)
  const den = scale * 10n ** 18n
  const amount = (num + den - 1n) / den
  return amount > 0n ? amount : 1n
}
