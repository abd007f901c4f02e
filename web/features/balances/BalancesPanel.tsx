import { formatUnits } from 'viem'
import { ErrorState } from '../../components/ErrorState'
import { Skeleton } from '../../components/Skeleton'
import { TokenIcon } from '../../components/TokenIcon'
import { type ChainRecord, usePopularTokens } from '../../lib/api'
import { formatTokenAmount } from '../../lib/formatTokenAmount'
import { getErrorMessage } from '../../lib/getErrorMessage'
import { useWalletAccount } from '../walletSession'
import { DevnetTopUp } from './DevnetTopUp'
import { type TokenBalance, useTokenBalances } from './useTokenBalances'

const minRefetchMs = 4_000

/** The connected account's native and popular-token balances on `chain`, as an accessible table. */
export function BalancesPanel({ chain }: { chain: ChainRecord }) {
  const { address, isConnected } = useWalletAccount()
  const tokens = usePopularTokens({ chainId: chain.chainId })
  const headingId = `balances-${chain.chainId}`
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-card p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          Balances on {chain.name}
        </h2>
        {address !== undefined && (
          <p className="min-w-0 text-xs text-muted">
            Account <code className="break-all font-mono">{address}</code>
          </p>
        )}
      </div>
      <DevnetTopUp chain={chain} address={isConnected ? address : undefined} />
      {!isConnected || address === undefined ? (
        <p className="text-sm text-muted">Connect a wallet to see your balances.</p>
      ) : tokens.isError ? (
        <ErrorState message={getErrorMessage(tokens.error).message} onRetry={() => void tokens.refetch()} />
      ) : tokens.data === undefined ? (
        <BalancesSkeleton />
      ) : (
        <BalancesTable chain={chain} address={address} tokens={tokens.data} />
      )}
    </section>
  )
}

function BalancesTable({
  chain,
  address,
  tokens,
}: {
  chain: ChainRecord
  address: `0x${string}`
  tokens: Parameters<typeof useTokenBalances>[0]['tokens']
}) {
  const { balances, isError, refetch } = useTokenBalances({
    chainId: chain.chainId,
    address,
    tokens,
    refetchIntervalMs: Math.max(chain.blockTimeMs, minRefetchMs),
  })
  if (isError) return <ErrorState message="Could not read balances from the network." onRetry={refetch} />
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Token balances on {chain.name}</caption>
      <thead>
        <tr className="text-left text-xs text-muted">
          <th scope="col" className="py-2 font-medium">
            Token
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Balance
          </th>
        </tr>
      </thead>
      <tbody>
        {balances.map((balance) => (
          <BalanceRow key={balance.token.address} balance={balance} />
        ))}
      </tbody>
    </table>
  )
}

function BalanceRow({ balance }: { balance: TokenBalance }) {
  const { token, amount, failed } = balance
  return (
    <tr className="border-t border-line">
      <th scope="row" className="py-2 text-left font-normal">
        <span className="flex items-center gap-2">
          <TokenIcon symbol={token.symbol} logo={token.logo} size={24} />
          <span className="font-semibold">{token.symbol}</span>
          <span className="hidden truncate text-muted sm:inline">{token.name}</span>
        </span>
      </th>
      <td className="py-2 text-right font-mono tabular-nums">
        {amount !== undefined ? (
          <span title={`${formatUnits(amount, token.decimals)} ${token.symbol}`}>
            {formatTokenAmount({ amount, decimals: token.decimals })}
          </span>
        ) : failed ? (
          <span className="text-danger">Unavailable</span>
        ) : (
          <>
            <Skeleton className="h-4 w-20" />
            <span className="sr-only">Loading</span>
          </>
        )}
      </td>
    </tr>
  )
}

function BalancesSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading balances" className="space-y-2">
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  )
}
