import { useMutation, useQueryClient } from '@tanstack/react-query'
import { FlaskConical, HandCoins } from 'lucide-react'
import type { Address } from 'viem'
import { type ChainRecord, requestFaucet } from '../../lib/api'
import { formatTokenAmount } from '../../lib/formatTokenAmount'
import { getErrorMessage } from '../../lib/getErrorMessage'

/**
 * On a devnet chain: a label saying the balances are test money, and (with an account) a "Top up" button that
 * asks the devnet faucet for native coin and tokens on this chain, then refreshes every balance and says what
 * was added.
 */
export function DevnetTopUp({ chain, address }: { chain: ChainRecord; address: Address | undefined }) {
  const queryClient = useQueryClient()
  const topUp = useMutation({
    mutationFn: (account: Address) => requestFaucet({ address: account, chainId: chain.chainId }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'chains' }),
  })
  if (!chain.isDevnet) return null
  const funded = topUp.data?.chains.find((c) => c.chainId === chain.chainId)
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-dashed border-warn/70 px-3 py-2 text-xs">
      <span className="inline-flex items-center gap-1.5 font-semibold text-warn">
        <FlaskConical aria-hidden="true" className="h-4 w-4" />
        Devnet: test money with no real value
      </span>
      {address !== undefined && (
        <button
          type="button"
          disabled={topUp.isPending}
          onClick={() => topUp.mutate(address)}
          className="inline-flex items-center gap-1 rounded-lg border border-line px-2.5 py-1 font-semibold hover:bg-surface disabled:opacity-60"
        >
          <HandCoins aria-hidden="true" className="h-4 w-4" />
          {topUp.isPending ? 'Topping up…' : 'Top up'}
        </button>
      )}
      <span role="status" className="basis-full text-muted empty:hidden">
        {topUp.isError
          ? `Top-up failed. ${getErrorMessage(topUp.error).message}`
          : funded !== undefined
            ? `Added ${formatTokenAmount({ amount: BigInt(funded.native), decimals: chain.nativeCurrency.decimals })} ${chain.nativeCurrency.symbol} and ${funded.tokens.length} tokens.`
            : ''}
      </span>
    </div>
  )
}
