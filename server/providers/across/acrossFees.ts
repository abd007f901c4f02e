/** The relayer fee the devnet's filler charges and the Across provider quotes, in basis points of the input. */
export const acrossRelayerFeeBps = 4n

/**
 * `amount` of a token with `fromDecimals` expressed in a token with `toDecimals` (rounded down): the same
 * asset on two chains may differ in decimals (USDT has 6 on Ethereum, 18 on BNB Chain).
 */
export function convertDecimals(amount: bigint, fromDecimals: number, toDecimals: number): bigint {
  if (toDecimals >= fromDecimals) return amount * 10n ** BigInt(toDecimals - fromDecimals)
  return amount / 10n ** BigInt(fromDecimals - toDecimals)
}

/**
 * What a relayer pays out on the destination for `inputAmount` deposited on the origin: the input in the
 * output token's decimals less `acrossRelayerFeeBps` (rounded up, so the relayer never earns less). Returns the
 * output amount and the relayer fee, both in base units of the output token.
 */
export function computeAcrossOutput(
  inputAmount: bigint,
  inputDecimals: number,
  outputDecimals: number,
): { outputAmount: bigint; relayerFee: bigint } {
  const gross = convertDecimals(inputAmount, inputDecimals, outputDecimals)
  const relayerFee = (gross * acrossRelayerFeeBps + 9_999n) / 10_000n
  return { outputAmount: gross - relayerFee, relayerFee }
}

/**
 * The input a depositor must send for the receiver to get exactly `outputAmount`: the least input whose
 * `computeAcrossOutput` reaches it (the exact-output quote).
 */
export function computeAcrossInputForOutput(
  outputAmount: bigint,
  inputDecimals: number,
  outputDecimals: number,
): bigint {
  const grossOut =
    (outputAmount * 10_000n + (10_000n - acrossRelayerFeeBps) - 1n) / (10_000n - acrossRelayerFeeBps)
  let input =
    outputDecimals >= inputDecimals
      ? (grossOut + 10n ** BigInt(outputDecimals - inputDecimals) - 1n) /
        10n ** BigInt(outputDecimals - inputDecimals)
      : grossOut * 10n ** BigInt(inputDecimals - outputDecimals)
  while (computeAcrossOutput(input, inputDecimals, outputDecimals).outputAmount < outputAmount) input += 1n
  while (
    input > 0n &&
    computeAcrossOutput(input - 1n, inputDecimals, outputDecimals).outputAmount >= outputAmount
  ) {
    input -= 1n
  }
  return input
}
