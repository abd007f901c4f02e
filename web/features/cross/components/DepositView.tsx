import { type ReactNode, useEffect, useState } from 'react'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { useNow } from '../../../lib/useNow'
import { buildDepositPaymentUri } from '../model/buildDepositPaymentUri'
import type { DepositRequest } from '../model/getDepositRequest'

/**
 * The deposit a UTXO- or Cosmos-chain trade needs, for any wallet: the network's inbound address, the exact
 * amount, the memo (an OP_RETURN output, or the Cosmos transaction's memo: without it the network refunds), a QR
 * code of the payment URI on UTXO chains (`buildDepositPaymentUri`: address and exact amount, for any wallet) or
 * of the address elsewhere, and the time left
 * before the quote expires. A memoless deposit (`deposit.memoless`) has no memo to write: its exact amount, whose last
 * digits are the reference of the memo registered for it, is all any wallet pays. It restates what arrives, where
 * and for whom, and where a refund goes. The user then
 * gives the transaction id to follow the trade, or pays in one click with `wallet` (the devnet wallet) where one
 * is offered; "Back" returns to the form (the deposit stays in the history).
 */
export function DepositView({
  deposit,
  symbol,
  expiresAt,
  arrival,
  onTrack,
  onBack,
  wallet,
  family = 'utxo',
  shortName,
}: {
  deposit: DepositRequest
  symbol: string
  /** Unix seconds. */
  expiresAt: number
  /** What the trade delivers ("≈ 0.29 ETH"), on which chain, to whom; where a refund goes on the source chain. */
  arrival: { amount: string; chainName: string; receiver: string; sourceName: string; refundAddress: string }
  onTrack: (txId: string) => void
  onBack: () => void
  /** A built-in wallet that can pay the deposit in one click (the devnet wallet), shown above the manual steps. */
  wallet?: ReactNode
  /** Where the memo goes: an OP_RETURN output (UTXO chains) or the transaction's memo field (Cosmos). */
  family?: 'utxo' | 'cosmos'
  /** The source chain's short name (`btc`), which picks the payment URI's scheme. */
  shortName?: string
}) {
  const memoPlace = family === 'cosmos' ? "the transaction's memo" : 'an OP_RETURN output'
  const nowMs = useNow(1_000)
  const secondsLeft = Math.max(0, expiresAt - Math.floor(nowMs / 1000))
  const [txId, setTxId] = useState('')
  const paymentUri = shortName === undefined ? undefined : buildDepositPaymentUri(shortName, deposit)
  const qr = useQrCode(paymentUri ?? deposit.address)
  const validTxId = /^(0x)?[0-9a-fA-F]{64}$/.test(txId.trim())
  return (
    <section aria-label="Deposit" className="space-y-3">
      <p className="text-sm" data-testid="deposit-arrival">
        You receive <span className="font-semibold">{arrival.amount}</span> on {arrival.chainName}, at{' '}
        <span className="break-all font-mono text-xs">{arrival.receiver}</span>. Refunds go to{' '}
        <span className="break-all font-mono text-xs">{arrival.refundAddress}</span> on {arrival.sourceName}.
      </p>
      <div className="flex gap-3">
        {qr === undefined ? (
          <div aria-hidden="true" className="size-32 shrink-0 rounded-lg bg-white p-1" />
        ) : (
          <img
            src={qr}
            alt={
              paymentUri === undefined
                ? `QR code of the deposit address ${deposit.address}`
                : `QR code of the payment request ${paymentUri}`
            }
            className="size-32 shrink-0 rounded-lg bg-white p-1"
          />
        )}
        <dl className="min-w-0 flex-1 space-y-2 text-sm">
          <Field
            label="Send exactly"
            value={`${formatTokenAmount({ amount: deposit.amount, decimals: deposit.decimals, maximumFractionDigits: deposit.decimals })} ${symbol}`}
            detail={`${deposit.amount} base units`}
          />
          <Field label="To" value={deposit.address} mono />
          {deposit.memoless === undefined ? (
            <Field label={family === 'cosmos' ? 'Memo' : 'Memo (OP_RETURN)'} value={deposit.memo} mono />
          ) : (
            <div>
              <dt className="text-xs text-muted">Memo</dt>
              <dd data-testid="memoless-reference">
                None needed: the amount ends in {deposit.memoless.reference}, the reference the network
                registered for your swap.
              </dd>
            </div>
          )}
          {paymentUri !== undefined && (
            <Field
              label="Payment link"
              value={paymentUri}
              href={paymentUri}
              detail={
                deposit.memoless === undefined
                  ? 'Address and amount for any wallet; the memo must still go in an OP_RETURN output.'
                  : 'Address and exact amount: any wallet pays it as it is.'
              }
              mono
            />
          )}
        </dl>
      </div>
      {wallet}
      <p
        role="timer"
        aria-live="off"
        className={`text-xs ${secondsLeft < 60 ? 'text-danger' : 'text-muted'}`}
      >
        {secondsLeft > 0
          ? `The quote expires in ${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, '0')}: send before then, or quote again.`
          : 'The quote has expired: do not send; quote again.'}
      </p>
      {deposit.memoless === undefined ? (
        <p className="text-xs text-muted">
          Send one transaction paying this amount to this address, with the memo in {memoPlace}. The network
          swaps what arrives, at the pools' price when it arrives: a payment of another amount, or after
          expiry, still swaps if the result reaches the quote's minimum, else it is refunded minus the network
          fee, as is a deposit without the memo.
        </p>
      ) : (
        <p className="text-xs text-muted">
          Send one transaction paying exactly this amount to this address, from any wallet, with no memo. The
          network reads your swap from the amount's last digits, once: another amount, or a second payment, is
          refunded minus the network fee. A payment after expiry still swaps if the result reaches the quote's
          minimum.
        </p>
      )}
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (validTxId) onTrack(txId.trim())
        }}
      >
        <label className="sr-only" htmlFor="deposit-txid">
          Deposit transaction id
        </label>
        <input
          id="deposit-txid"
          value={txId}
          onChange={(event) => setTxId(event.target.value)}
          placeholder="Transaction id of your deposit"
          spellCheck={false}
          className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-xs"
        />
        <button
          type="submit"
          disabled={!validTxId}
          className="rounded-lg bg-accent px-3 py-2 text-sm font-semibold text-accent-fg disabled:opacity-50"
        >
          Follow
        </button>
      </form>
      <button
        type="button"
        onClick={onBack}
        className="rounded-lg border border-line px-3 py-2 text-sm"
        aria-describedby="deposit-back-note"
      >
        Back
      </button>
      <p id="deposit-back-note" className="text-xs text-muted">
        This deposit stays in Recent swaps until it expires.
      </p>
    </section>
  )
}

/**
 * The QR code of `text` as an SVG data URL, once the encoder has loaded: `qr` is imported on first use, so it
 * stays out of the first view's JS (bench/web.ts budget); undefined until then or if it fails to load.
 */
function useQrCode(text: string): string | undefined {
  const [qr, setQr] = useState<{ text: string; url: string }>()
  useEffect(() => {
    let current = true
    import('qr')
      .then(({ default: encodeQR }) => {
        const url = `data:image/svg+xml;utf8,${encodeURIComponent(encodeQR(text, 'svg'))}`
        if (current) setQr({ text, url })
      })
      .catch((_error: unknown) => undefined)
    return () => {
      current = false
    }
  }, [text])
  return qr?.text === text ? qr.url : undefined
}

function Field({
  label,
  value,
  detail,
  href,
  mono = false,
}: {
  label: string
  value: string
  detail?: string
  /** Shows `value` as a link (a payment URI opens the user's wallet). */
  href?: string
  mono?: boolean
}) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
      setTimeout(() => setCopied(false), 2_000)
    } catch (_error: unknown) {
      setCopied(false)
    }
  }
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="flex items-center gap-2">
        {href === undefined ? (
          <span className={`min-w-0 break-all ${mono ? 'font-mono text-xs' : 'font-semibold'}`}>{value}</span>
        ) : (
          <a href={href} className="min-w-0 break-all font-mono text-xs text-accent underline">
            {value}
          </a>
        )}
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={`Copy ${label.toLowerCase()}`}
          className="shrink-0 rounded-md border border-line px-2 py-0.5 text-xs hover:bg-surface"
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </dd>
      {detail !== undefined && <dd className="text-xs text-muted">{detail}</dd>}
    </div>
  )
}
