import { formatUnits } from 'viem'
import { getChainInfo } from '../chains/chainInfo'
import type { DepositPayment } from '../openapi/schemas'
import type { CrossTrade } from '../store/crossTrades'

type DepositFields = Pick<
  CrossTrade,
  | 'sourceChainId'
  | 'destinationChainId'
  | 'state'
  | 'refunded'
  | 'amountIn'
  | 'amountReceived'
  | 'paidAt'
  | 'quotedAmountIn'
  | 'quoteExpiresAt'
  | 'refundAddress'
>

const coins = (amount: bigint, chainId: number) => {
  const currency = getChainInfo(chainId)?.nativeCurrency
  return currency === undefined ? `${amount}` : `${formatUnits(amount, currency.decimals)} ${currency.symbol}`
}

/**
 * What was paid into the network for a deposit trade (one with `paidAt`, stored by `recordObservedDeposit`, or
 * by `insertMempoolDeposit` when first seen in a UTXO mempool), against the deposit the server built: late when
 * first seen after the quote's expiry (the network, as THORChain, has no expiry of its own: it swaps at the price
 * of then or, under the memo's limit, refunds), else under-, over- or exactly paid; with a note of what the network
 * did (refunded, delivered for the amount paid, still under way, or, PENDING, not yet confirmed: seen in the
 * mempool only). Undefined for any other trade. Amounts in the note are in whole coins. Pure.
 */
export function toDepositPayment(trade: DepositFields): DepositPayment | undefined {
  if (trade.paidAt === null || trade.amountIn === null) return undefined
  const paid = trade.amountIn
  const quoted = trade.quotedAmountIn
  const expiresAt = trade.quoteExpiresAt
  const kind: DepositPayment['kind'] =
    quoted === null
      ? 'unquoted'
      : expiresAt !== null && trade.paidAt.getTime() > expiresAt.getTime()
        ? 'late'
        : paid < quoted
          ? 'underPaid'
          : paid > quoted
            ? 'overPaid'
            : 'exact'
  const paidText = coins(paid, trade.sourceChainId)
  const what = {
    late: `late: paid ${paidText} after the quote expired at ${expiresAt?.toISOString() ?? ''}`,
    underPaid: `under-paid: paid ${paidText} of ${coins(quoted ?? 0n, trade.sourceChainId)} asked`,
    overPaid: `over-paid: paid ${paidText} of ${coins(quoted ?? 0n, trade.sourceChainId)} asked`,
    exact: `paid ${paidText} as quoted`,
    unquoted: `paid ${paidText}`,
  }[kind]
  const received = trade.amountReceived
  const outcome =
    trade.state === 'FAILED' && trade.refunded && received !== null
      ? `refunded ${coins(received, trade.sourceChainId)} to ${trade.refundAddress ?? 'the sender'}`
      : trade.state === 'DELIVERED' && received !== null
        ? kind === 'late'
          ? `swapped at the new price: delivered ${coins(received, trade.destinationChainId)}`
          : kind === 'exact' || kind === 'unquoted'
            ? `delivered ${coins(received, trade.destinationChainId)}`
            : `delivered ${coins(received, trade.destinationChainId)} for the amount paid`
        : trade.state === 'FAILED'
          ? 'failed: nothing paid back (the deposit did not cover the refund fee)'
          : trade.state === 'PENDING'
            ? 'seen in the mempool, waiting for confirmation'
            : kind === 'late'
              ? 'the network swaps at the new price, or refunds under the price limit'
              : 'in flight'
  return {
    kind,
    paidAmountIn: paid.toString(),
    paidAt: trade.paidAt.toISOString(),
    quotedAmountIn: quoted === null ? null : quoted.toString(),
    quoteExpiresAt: expiresAt === null ? null : expiresAt.toISOString(),
    refundAddress: trade.refundAddress,
    note: `${what}: ${outcome}`,
  }
}
