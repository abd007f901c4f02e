import { type ClpPools, computeSwapOutcome } from './computeSwapOutcome'
import { formatShortThorAsset, parseThorAsset } from './thorAsset'

export interface QuoteSwapParams {
  pools: ClpPools
  from: string
  to: string
  /** 1e8 units of `from`. */
  amount: bigint
  /** Where the output goes; without it the quote has no memo (as THORNode answers). */
  destination?: string
  /** Accepted shortfall from `expected_amount_out`, basis points; sets the memo's limit (0 = no limit). */
  toleranceBps?: number
  affiliate?: string
  affiliateBps?: number
  outboundFeeOf: (asset: string) => bigint
  /** Unix seconds now, and how long a quote stays valid. */
  now: number
  validForSeconds: number
}

/** The protocol part of THORNode's `/thorchain/quote/swap` answer (vaults, gas rates and times come beside it). */
export interface SwapQuoteCore {
  expected_amount_out: string
  fees: {
    asset: string
    affiliate: string
    outbound: string
    liquidity: string
    total: string
    slippage_bps: number
    total_bps: number
  }
  memo?: string
  recommended_min_amount_in: string
  expiry: number
  warning: string
  notes: string
}

/** How many outbound fees the recommended minimum input is worth, so a refund is always worth sending. */
const MIN_IN_OUTBOUND_FEES = 4n

/**
 * THORNode's swap quote over the current pools, in its field names and 1e8 units: the expected output after
 * the liquidity, affiliate and outbound fees (`computeSwapOutcome`, the same math the network settles with,
 * so a deposit made against an unchanged pool state pays exactly `expected_amount_out`), the fee table in
 * the output asset, the memo `=:<asset>:<destination>:<limit>[:<affiliate>:<bps>]` with the limit at
 * `toleranceBps` under the expected output, the expiry, and a recommended minimum input worth four outbound
 * fees of the larger side (valued at the pools' prices). Pure; throws RangeError for unknown assets.
 */
export function quoteSwap(params: QuoteSwapParams): SwapQuoteCore {
  const { pools, from, to, amount, outboundFeeOf } = params
  const toAsset = parseThorAsset(to)
  if (toAsset === undefined) throw new RangeError(`invalid asset ${to}`)
  const affiliateBps = params.affiliate === undefined ? 0 : (params.affiliateBps ?? 0)
  const outcome = computeSwapOutcome({
    pools,
    from,
    to,
    amount,
    affiliateBps,
    outboundFee: outboundFeeOf(to),
  })
  const total = outcome.affiliateFee + outcome.outboundFee + outcome.liquidityFee
  const limit =
    params.toleranceBps === undefined ? 0n : (outcome.output * BigInt(10_000 - params.toleranceBps)) / 10_000n
  const fromPool = pools[from]
  const toPool = pools[to]
  if (fromPool === undefined || toPool === undefined) throw new RangeError('unknown pool')
  const toFeeInFrom =
    (outboundFeeOf(to) * toPool.runeDepth * fromPool.assetDepth) / (toPool.assetDepth * fromPool.runeDepth)
  const fromFee = outboundFeeOf(from)
  // biome-ignore lint/complexity/useMathMinMax: Math.max does not take bigints
  const largerFee = fromFee > toFeeInFrom ? fromFee : toFeeInFrom
  const memo =
    params.destination === undefined
      ? undefined
      : [
          '=',
          formatShortThorAsset(toAsset),
          params.destination,
          limit.toString(),
          ...(params.affiliate === undefined ? [] : [params.affiliate, String(affiliateBps)]),
        ].join(':')
  return {
    expected_amount_out: outcome.output.toString(),
    fees: {
      asset: to,
      affiliate: outcome.affiliateFee.toString(),
      outbound: outcome.outboundFee.toString(),
      liquidity: outcome.liquidityFee.toString(),
      total: total.toString(),
      slippage_bps: Number(outcome.slipBps),
      total_bps: outcome.output + total === 0n ? 0 : Number((total * 10_000n) / (outcome.output + total)),
    },
    ...(memo === undefined ? {} : { memo }),
    recommended_min_amount_in: (largerFee * MIN_IN_OUTBOUND_FEES).toString(),
    expiry: params.now + params.validForSeconds,
    warning: 'Do not cache this response. Do not send funds after the expiry.',
    notes:
      'First output should be to inbound_address, second output should be change back to self, third output should be OP_RETURN, limited to 80 bytes. Do not send below the dust threshold. Do not use exotic spend scripts, locks or address formats.',
  }
}
