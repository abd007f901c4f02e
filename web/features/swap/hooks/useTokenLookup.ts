import { erc20Abi, getAddress, isAddress } from 'viem'
import { useReadContracts } from 'wagmi'
import type { TokenRecord } from '../../../lib/api'

/**
 * When `query` is an address not in the list, reads its ERC-20 symbol, name and decimals on `chainId` and
 * returns it as a token record to import; undefined otherwise or when the reads fail (not a token).
 */
export function useTokenLookup(params: { chainId: number; query: string; known: boolean }): {
  token: TokenRecord | undefined
  isLoading: boolean
} {
  const text = params.query.trim()
  const address = isAddress(text, { strict: false }) ? getAddress(text) : undefined
  const enabled = address !== undefined && !params.known
  const reads = useReadContracts({
    allowFailure: false,
    contracts: (['symbol', 'name', 'decimals'] as const).map((functionName) => ({
      chainId: params.chainId,
      address: address ?? '0x0000000000000000000000000000000000000000',
      abi: erc20Abi,
      functionName,
    })),
    query: { enabled, retry: false },
  })
  if (!enabled || reads.data === undefined) return { token: undefined, isLoading: enabled && reads.isPending }
  const [symbol, name, decimals] = reads.data
  return {
    token: {
      address,
      symbol: String(symbol),
      name: String(name),
      decimals: Number(decimals),
      chainId: params.chainId,
      logo: '',
      tags: ['imported'],
    },
    isLoading: false,
  }
}
