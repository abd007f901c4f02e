import { type DepositPaymentFields, describeDepositPayment } from '../model/describeDepositPayment'

/**
 * The notice of a deposit under-paid, over-paid or paid late (`describeDepositPayment`): what was paid against
 * the quote and what the network did; nothing for a payment as quoted.
 */
export function DepositPaymentNotice({ payment }: { payment: DepositPaymentFields | undefined }) {
  const view = describeDepositPayment(payment)
  if (view === undefined) return null
  return (
    <div role="alert" data-testid="deposit-payment" className="rounded-lg border border-warn p-2 text-sm">
      <p className="font-semibold text-warn">{view.title}</p>
      <p>{view.text}</p>
    </div>
  )
}
