import { type ClpPool, computeClpSwap } from './computeClpSwap'

/** The network's pools by asset (`CHAIN.SYMBOL[-CONTRACT]`), each against RUNE; depths in 1e8 units. */
export type ClpPools = Readonly<Record<string, ClpPool>>

export interface SwapOutcomeParams {
  pools: ClpPools
  /** Input asset, e.g. `BTC.BTC`; must have a pool. */
  from: string
  /** Output asset; must have a pool and differ from `from`. */
  to: string
  /** Input, 1e8 units. */
  amount: bigint
  /** Affiliate share of the input in basis points (0..1000), swapped to RUNE before the swap. */
  affiliateBps: number
  /** The network's fee for paying out `to`, in 1e8 units of `to`. */
  outboundFee: bigint
}

/** What a swap does, with THORChain's fees, all in 1e8 units of `to` unless named otherwise. */
export interface SwapOutcome {
  /** RUNE the affiliate receives. */
  affiliateRune: bigint
  /** The affiliate fee valued in `to` at the pools' prices before the swap (for the quote's fee table). */
  affiliateFee: bigint
  /** What the pools emit before the outbound fee. */
  emitted: bigint
  /** Liquidity fees of both legs, valued in `to` (the RUNE leg at the output pool's price before the swap). */
  liquidityFee: bigint
  outboundFee: bigint
  /** What the receiver gets: emitted - outboundFee, or 0 when the output cannot pay the outbound fee. */
  output: bigint
  /** Slip of both legs, basis points. */
  slipBps: bigint
  /** The pools after the affiliate and the main swap. */
  poolsAfter: ClpPools
}

/**
 * THORChain's swap of `amount` of `from` into `to` through RUNE: the affiliate's share of the input is swapped
 * to RUNE first (moving the input pool), the rest swaps asset -> RUNE -> asset with the continuous-liquidity
 * formula, and the outbound fee is taken from what the pools emit. Integer math floored at every step as
 * THORNode does. Pure; throws RangeError for an unknown pool, the same asset on both sides, or a bad fee.
 */
export function computeSwapOutcome(params: SwapOutcomeParams): SwapOutcome {
  const { pools, from, to, amount, affiliateBps, outboundFee } = params
  const fromPool = pools[from]
  const toPool = pools[to]
  if (fromPool === undefined) throw new RangeError(`no pool for ${from}`)
  if (toPool === undefined) throw new RangeError(`no pool for ${to}`)
  if (from === to) throw new RangeError('the same asset on both sides')
  if (!Number.isInteger(affiliateBps) || affiliateBps < 0 || affiliateBps > 1_000)
    throw new RangeError('affiliate fee out of 0..1000 bps')
  if (amount < 0n || outboundFee < 0n) throw new RangeError('negative amount or fee')

  const affiliateIn = (amount * BigInt(affiliateBps)) / 10_000n
  const affiliateSwap = computeClpSwap(affiliateIn, fromPool.assetDepth, fromPool.runeDepth)
  const fromMid: ClpPool = {
    assetDepth: fromPool.assetDepth + affiliateIn,
    runeDepth: fromPool.runeDepth - affiliateSwap.output,
  }
  const swapIn = amount - affiliateIn
  const toRune = computeClpSwap(swapIn, fromMid.assetDepth, fromMid.runeDepth)
  const toAsset = computeClpSwap(toRune.output, toPool.runeDepth, toPool.assetDepth)
  const runeInTo = (rune: bigint) => (rune * toPool.assetDepth) / toPool.runeDepth
  const emitted = toAsset.output
  return {
    affiliateRune: affiliateSwap.output,
    affiliateFee: runeInTo((affiliateIn * fromPool.runeDepth) / fromPool.assetDepth),
    emitted,
    liquidityFee: toAsset.liquidityFee + runeInTo(toRune.liquidityFee),
    outboundFee,
    output: emitted > outboundFee ? emitted - outboundFee : 0n,
    slipBps: toRune.slipBps + toAsset.slipBps,
    poolsAfter: {
      ...pools,
      [from]: { assetDepth: fromMid.assetDepth + swapIn, runeDepth: fromMid.runeDepth - toRune.output },
      [to]: { assetDepth: toPool.assetDepth - emitted, runeDepth: toPool.runeDepth + toRune.output },
    },
  }
}
