import { skipToken, useQuery } from '@tanstack/react-query'
import { type Address, getAddress, zeroAddress } from 'viem'
import type { TokenRecord } from '../../lib/api'
import { erc20Abi } from '../../lib/erc20Abi'
import { isSameAddress } from '../../lib/isSameAddress'
import { useWalletSession } from '../walletSession'

export interface TokenBalance {
  token: TokenRecord
  /** Base units; undefined while loading or when this token's read failed. */
  amount: bigint | undefined
  failed: boolean
}

/**
 * Balances of `address` on `chainId` for `tokens`: the native coin (address 0x0…0) through `eth_getBalance`,
 * every ERC-20 through one Multicall3 batch of `balanceOf` (a failing token does not fail the others).
 * Refetches every `refetchIntervalMs`. Reads through the wallet session's chains; nothing before it is loaded.
 */
export function useTokenBalances(params: {
  chainId: number
  address: Address | undefined
  tokens: readonly TokenRecord[]
  refetchIntervalMs: number
}) {
  const { chainId, address, tokens, refetchIntervalMs } = params
  const wallet = useWalletSession()
  const enabled = address !== undefined && wallet !== undefined
  const erc20s = tokens.filter((t) => !isSameAddress(t.address, zeroAddress))
  const native = useQuery({
    queryKey: ['walletBalance', chainId, address],
    queryFn:
      wallet === undefined || address === undefined
        ? skipToken
        : () => wallet.kit.getBalance(wallet.config, { address, chainId }),
    enabled,
    refetchInterval: refetchIntervalMs,
  })
  const contracts = useQuery({
    queryKey: ['walletTokenBalances', chainId, address, erc20s.map((t) => t.address)],
    queryFn:
      wallet === undefined || address === undefined
        ? skipToken
        : () =>
            wallet.kit.readContracts(wallet.config, {
              allowFailure: true,
              contracts: erc20s.map((t) => ({
                chainId,
                address: getAddress(t.address),
                abi: erc20Abi,
                functionName: 'balanceOf' as const,
                args: [address] as const,
              })),
            }),
    enabled: enabled && erc20s.length > 0,
    refetchInterval: refetchIntervalMs,
  })

  const balances: TokenBalance[] = tokens.map((token) => {
    if (isSameAddress(token.address, zeroAddress))
      return { token, amount: native.data?.value, failed: native.isError }
    const index = erc20s.indexOf(token)
    const result = contracts.data?.[index]
    if (result === undefined) return { token, amount: undefined, failed: contracts.isError }
    return result.status === 'success'
      ? { token, amount: result.result, failed: false }
      : { token, amount: undefined, failed: true }
  })

  return {
    balances,
    isPending: enabled && (native.isPending || (erc20s.length > 0 && contracts.isPending)),
    isError: native.isError && contracts.isError,
    refetch: () => {
      void native.refetch()
      void contracts.refetch()
    },
  }
}
