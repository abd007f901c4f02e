/** One side of a continuous-liquidity pool: the asset's depth and the RUNE against it, both in 1e8 units. */
export interface ClpPool {
  readonly assetDepth: bigint
  readonly runeDepth: bigint
}

/** One swap through one pool: what comes out, the liquidity fee it paid (in the output) and its slip. */
export interface ClpSwapResult {
  readonly output: bigint
  readonly liquidityFee: bigint
  /** x / (x + X) in basis points, floored. */
  readonly slipBps: bigint
}

/**
 * THORChain's continuous-liquidity-pool swap of `input` into a pool whose input side holds `inputDepth` and
 * output side `outputDepth`: output = x*X*Y / (x+X)^2, liquidity fee = x^2*Y / (x+X)^2 (both floored, as
 * THORNode's integer math does), slip = x / (x+X); output + fee = x*Y / (x+X). Pure; throws on a negative
 * input or an empty pool.
 */
export function computeClpSwap(input: bigint, inputDepth: bigint, outputDepth: bigint): ClpSwapResult {
  if (input < 0n) throw new RangeError('negative swap input')
  if (inputDepth <= 0n || outputDepth <= 0n) throw new RangeError('empty pool')
  const denominator = (input + inputDepth) ** 2n
  return {
    output: (input * inputDepth * outputDepth) / denominator,
    liquidityFee: (input * input * outputDepth) / denominator,
    slipBps: (input * 10_000n) / (input + inputDepth),
  }
}

/** Asset -> RUNE in `from`, then RUNE -> asset in `to` (THORChain's double swap), with both pools after it. */
export function computeDoubleSwap(input: bigint, from: ClpPool, to: ClpPool) {
  const first = computeClpSwap(input, from.assetDepth, from.runeDepth)
  const second = computeClpSwap(first.output, to.runeDepth, to.assetDepth)
  return {
    rune: first.output,
    output: second.output,
    slipBps: first.slipBps + second.slipBps,
    fromAfter: { assetDepth: from.assetDepth + input, runeDepth: from.runeDepth - first.output },
    toAfter: { assetDepth: to.assetDepth - second.output, runeDepth: to.runeDepth + first.output },
  }
}
