/** A deposit's payment as `info/tx` and the history report it (`DepositPayment` of the API). */
export interface DepositPaymentFields {
  kind: 'exact' | 'underPaid' | 'overPaid' | 'late' | 'unquoted'
  note: string
}

/** What the deposit view says of a payment that was not the quote's: a heading and what the network did. */
export interface DepositPaymentView {
  title: string
  text: string
}

const titles: Partial<Record<DepositPaymentFields['kind'], string>> = {
  underPaid: 'Under-paid',
  overPaid: 'Over-paid',
  late: 'Paid after the quote expired',
}

/**
 * The notice of a deposit paid with another amount than quoted, or after the quote expired: its title and the
 * server's note of the amounts and of what the network did ("refunded 0.09485 BTC to bcrt1…", "delivered 20
 * DOGE for the amount paid", "swapped at the new price"); undefined for a payment as quoted, one no quote of
 * ours names, or no payment known. Pure.
 */
export function describeDepositPayment(
  payment: DepositPaymentFields | undefined,
): DepositPaymentView | undefined {
  const title = payment === undefined ? undefined : titles[payment.kind]
  if (payment === undefined || title === undefined) return undefined
  return { title, text: `${payment.note.charAt(0).toUpperCase()}${payment.note.slice(1)}.` }
}
