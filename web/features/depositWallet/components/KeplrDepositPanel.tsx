import { useMutation } from '@tanstack/react-query'
import type { ChainRecord } from '../../../lib/api'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import type { WalletDeposit } from '../DepositWallet'
import { getKeplr } from '../model/getKeplr'
import { payWithKeplr } from '../payWithKeplr'

/**
 * On a devnet Cosmos chain, when the Keplr extension is in the page: "Pay with Keplr", which has Keplr sign
 * the exact deposit with its memo and hands the transaction hash to `onPaid`. Renders nothing otherwise.
 */
export function KeplrDepositPanel({
  chain,
  deposit,
  onPaid,
}: {
  chain: ChainRecord
  deposit: WalletDeposit
  onPaid: (txId: string) => void
}) {
  const keplr = chain.family === 'cosmos' && chain.isDevnet ? getKeplr() : undefined
  const pay = useMutation({
    mutationFn: async () => {
      if (keplr === undefined) throw new Error('Keplr is not installed')
      return payWithKeplr({ keplr, chainId: chain.chainId, chainName: chain.name, deposit })
    },
    onSuccess: onPaid,
  })
  if (keplr === undefined) return null
  return (
    <section aria-label="Keplr" className="flex flex-wrap items-center gap-2 text-sm">
      <button
        type="button"
        disabled={pay.isPending}
        onClick={() => pay.mutate()}
        className="rounded-lg border border-line px-3 py-1.5 font-semibold hover:bg-surface disabled:opacity-60"
      >
        {pay.isPending ? 'Confirm in Keplr…' : 'Pay with Keplr'}
      </button>
      {pay.error !== null && (
        <p role="alert" className="text-danger">
          {getErrorMessage(pay.error).message}
        </p>
      )}
    </section>
  )
}
