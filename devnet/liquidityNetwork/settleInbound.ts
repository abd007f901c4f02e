import {
  type ClpPools,
  computeSwapOutcome,
  type SwapOutcome,
} from '../../server/thorchain/computeSwapOutcome'
import { MemoError, parseSwapMemo } from '../../server/thorchain/parseSwapMemo'
import { formatThorAsset } from '../../server/thorchain/thorAsset'

/** A transfer the network's observers saw arrive in a vault. */
export interface ObservedInbound {
  /** The inbound transaction's id on its chain (the key outbounds refer to). */
  txId: string
  /** Asset received, `CHAIN.SYMBOL[-CONTRACT]`. */
  asset: string
  /** 1e8 units. */
  amount: bigint
  /** Who sent it, in its chain's format: where a refund goes. */
  from: string
  memo: string
}

/** A payment the network's signer must make. */
export interface Outbound {
  /** `OUT:<inbound txId>` or `REFUND:<inbound txId>`. */
  memo: string
  asset: string
  to: string
  /** 1e8 units. */
  amount: bigint
}

export type Settlement =
  | { kind: 'swap'; outbound: Outbound; outcome: SwapOutcome; poolsAfter: ClpPools }
  | {
      kind: 'refund'
      reason: string
      /** Absent when the inbound cannot pay its own refund's outbound fee (the network keeps the dust). */
      outbound?: Outbound
      poolsAfter: ClpPools
    }

export interface SettleInboundParams {
  pools: ClpPools
  inbound: ObservedInbound
  /** The network's outbound fee per asset, 1e8 units of that asset. */
  outboundFeeOf: (asset: string) => bigint
  /** Whether `address` can receive on `chain` (THORChain chain name: BTC, ETH, ...). */
  isValidAddress: (chain: string, address: string) => boolean
}

/**
 * What the network does with one observed inbound, as THORChain does: a valid swap memo to another pooled
 * asset and an output of at least the memo's limit (after the outbound fee) pays the output to the memo's
 * destination with memo `OUT:<txId>`; anything else (an unparsable memo, an unknown or same asset, an invalid
 * destination, an output under the limit or under the outbound fee) refunds the inbound minus its outbound fee
 * to the memo's refund address (`DEST/REFUND`, when it is valid on the inbound's chain) or else to the sender
 * with `REFUND:<txId>`, leaving the pools untouched. The limit is compared with what the receiver
 * gets, so a quote's `expected_amount_out` minus the tolerance is a safe limit. Pure.
 */
export function settleInbound(params: SettleInboundParams): Settlement {
  const { pools, inbound, outboundFeeOf, isValidAddress } = params
  let refundTo = inbound.from
  const refund = (reason: string): Settlement => {
    const fee = pools[inbound.asset] === undefined ? 0n : outboundFeeOf(inbound.asset)
    const amount = inbound.amount - fee
    return {
      kind: 'refund',
      reason,
      ...(amount > 0n && pools[inbound.asset] !== undefined
        ? { outbound: { memo: `REFUND:${inbound.txId}`, asset: inbound.asset, to: refundTo, amount } }
        : {}),
      poolsAfter: pools,
    }
  }
  if (pools[inbound.asset] === undefined) return refund(`no pool for the inbound asset ${inbound.asset}`)
  let memo: ReturnType<typeof parseSwapMemo>
  try {
    memo = parseSwapMemo(inbound.memo)
  } catch (error) {
    if (error instanceof MemoError) return refund(`invalid memo: ${error.message}`)
    throw error
  }
  if (memo.refundAddress !== undefined) {
    const inboundChain = inbound.asset.split('.')[0] ?? ''
    if (!isValidAddress(inboundChain, memo.refundAddress))
      return refund(`invalid ${inboundChain} refund address ${memo.refundAddress}`)
    refundTo = memo.refundAddress
  }
  const to = formatThorAsset(memo.asset)
  if (pools[to] === undefined) return refund(`no pool for ${to}`)
  if (to === inbound.asset) return refund('swap to the same asset')
  if (!isValidAddress(memo.asset.chain, memo.destination))
    return refund(`invalid ${memo.asset.chain} destination ${memo.destination}`)
  const outcome = computeSwapOutcome({
    pools,
    from: inbound.asset,
    to,
    amount: inbound.amount,
    affiliateBps: memo.affiliate === undefined ? 0 : memo.affiliateBps,
    outboundFee: outboundFeeOf(to),
  })
  if (outcome.output === 0n) return refund('the output does not cover the outbound fee')
  if (outcome.output < memo.limit)
    return refund(`emit asset ${outcome.output} less than price limit ${memo.limit}`)
  return {
    kind: 'swap',
    outbound: { memo: `OUT:${inbound.txId}`, asset: to, to: memo.destination, amount: outcome.output },
    outcome,
    poolsAfter: outcome.poolsAfter,
  }
}
