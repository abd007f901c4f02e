import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChainRecord } from '../../../lib/api'
import type { WalletDeposit } from '../DepositWallet'
import { getDevnetDepositWallet } from '../getDevnetDepositWallet'

/**
 * The built-in devnet wallet on `chain` when it is a devnet chain of a family with one (UTXO), else undefined:
 * its address, spendable balance (refreshed every 5 s), a faucet request and the one-click deposit. On real
 * networks it is never offered.
 */
export function useDevnetDepositWallet(chain: ChainRecord | undefined) {
  const queryClient = useQueryClient()
  const chainId = chain?.chainId ?? 0
  const wallet = chain?.isDevnet && chain.family !== 'evm' ? getDevnetDepositWallet(chain.family) : undefined
  const address = useQuery({
    queryKey: ['devnetDepositWallet', 'address', chainId],
    queryFn: async () => ((await wallet?.supports(chainId)) ? (wallet?.getAddress(chainId) ?? null) : null),
    enabled: wallet !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  const balance = useQuery({
    queryKey: ['devnetDepositWallet', 'balance', chainId, address.data],
    queryFn: () => wallet?.getBalance(chainId) ?? 0n,
    enabled: wallet !== undefined && typeof address.data === 'string',
    refetchInterval: 5_000,
  })
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['devnetDepositWallet', 'balance', chainId] })
  const fund = useMutation({
    mutationFn: () => wallet?.fund(chainId) ?? Promise.resolve(0n),
    onSuccess: refresh,
  })
  const pay = useMutation({
    mutationFn: async (deposit: WalletDeposit) => {
      if (wallet === undefined) throw new Error('No devnet wallet on this chain')
      return wallet.payDeposit(chainId, deposit)
    },
    onSuccess: refresh,
  })
  if (wallet === undefined || typeof address.data !== 'string') return undefined
  return { address: address.data, balance: balance.data, fund, pay }
}
