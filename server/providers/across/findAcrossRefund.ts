import { type Address, isAddressEqual, zeroAddress } from 'viem'

/** An `ExecutedRelayerRefundRoot` event, as far as matching a refund needs. */
interface RefundLeafEvent {
  args: {
    l2TokenAddress?: Address
    refundAddresses?: readonly Address[]
    refundAmounts?: readonly bigint[]
  }
}

/**
 * The first executed refund leaf among `refunds` that pays `depositor` exactly `inputAmount` of `inputToken`:
 * the refund of an unfilled deposit. Undefined when none does. Pure.
 */
export function findAcrossRefund<Refund extends RefundLeafEvent>(
  refunds: readonly Refund[],
  { depositor, inputToken, inputAmount }: { depositor: Address; inputToken: Address; inputAmount: bigint },
): Refund | undefined {
  return refunds.find(
    (r) =>
      isAddressEqual(r.args.l2TokenAddress ?? zeroAddress, inputToken) &&
      (r.args.refundAddresses ?? []).some(
        (a, i) => isAddressEqual(a, depositor) && r.args.refundAmounts?.[i] === inputAmount,
      ),
  )
}
