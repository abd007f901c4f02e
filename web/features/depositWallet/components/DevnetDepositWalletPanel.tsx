import { FlaskConical } from 'lucide-react'
import type { ChainRecord } from '../../../lib/api'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import type { WalletDeposit } from '../DepositWallet'
import { useDevnetDepositWallet } from '../hooks/useDevnetDepositWallet'

/**
 * On a devnet UTXO chain, the built-in devnet wallet beside a deposit: its address and balance, a faucet
 * button, and "Pay with devnet wallet", which signs and broadcasts the exact deposit with its memo and hands
 * the transaction id to `onPaid`. Renders nothing on real networks.
 */
export function DevnetDepositWalletPanel({
  chain,
  deposit,
  onPaid,
}: {
  chain: ChainRecord
  deposit: WalletDeposit
  onPaid: (txId: string) => void
}) {
  const wallet = useDevnetDepositWallet(chain)
  if (wallet === undefined) return null
  const { symbol, decimals } = chain.nativeCurrency
  const format = (amount: bigint) => formatTokenAmount({ amount, decimals, maximumFractionDigits: decimals })
  const enough = wallet.balance !== undefined && wallet.balance > deposit.amount
  const error = wallet.pay.error ?? wallet.fund.error
  return (
    <section
      aria-label="Devnet wallet"
      className="space-y-2 rounded-xl border border-dashed border-warn/70 p-3 text-sm"
    >
      <p className="inline-flex items-center gap-1.5 text-xs font-semibold text-warn">
        <FlaskConical aria-hidden="true" className="h-4 w-4" />
        Devnet wallet: keys in this browser, test money
      </p>
      <p className="break-all font-mono text-xs">{wallet.address}</p>
      <p role="status" aria-label="Devnet wallet balance">
        Balance: {wallet.balance === undefined ? '…' : `${format(wallet.balance)} ${symbol}`}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={wallet.fund.isPending}
          onClick={() => wallet.fund.mutate()}
          className="rounded-lg border border-line px-3 py-1.5 font-semibold hover:bg-surface disabled:opacity-60"
        >
          {wallet.fund.isPending ? 'Asking the faucet…' : `Get test ${symbol}`}
        </button>
        <button
          type="button"
          disabled={!enough || wallet.pay.isPending}
          onClick={() => wallet.pay.mutate(deposit, { onSuccess: onPaid })}
          className="rounded-lg bg-accent px-3 py-1.5 font-semibold text-accent-fg disabled:opacity-50"
        >
          {wallet.pay.isPending ? 'Paying…' : 'Pay with devnet wallet'}
        </button>
      </div>
      {error !== null && (
        <p role="alert" className="text-danger">
          {getErrorMessage(error).message}
        </p>
      )}
    </section>
  )
}
