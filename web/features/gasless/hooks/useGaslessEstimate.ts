import { useQuery } from '@tanstack/react-query'
import { getAddress } from 'viem'
import type { HexAddress, TokenRecord } from '../../../lib/api'
import { fetchGaslessEstimate } from '../api/fetchGaslessEstimate'

/** A gasless trade as the swap card holds it: the pair, amount and account, and whether gasless is on. */
export interface GaslessTradeParams {
  chainId: number
  from: TokenRecord | undefined
  to: TokenRecord | undefined
  amount: bigint | undefined
  account: HexAddress | undefined
  /** Fraction (0.005 = 0.5%); the server's default when undefined. */
  slippage: number | undefined
  enabled: boolean
}

/**
 * The relayer's estimate for selling `amount` of `from` for `to` gaslessly (fee in `from`, output net of it),
 * refreshed every 15 s while `enabled`. The swap card and the gasless panel read the same query (one request):
 * the card shows its net output in "You receive", the panel signs it.
 */
export function useGaslessEstimate(params: GaslessTradeParams) {
  const { chainId, from, to, amount, account, slippage } = params
  const ready = from !== undefined && to !== undefined && amount !== undefined && account !== undefined
  return useQuery({
    queryKey: ['gaslessEstimate', chainId, from?.address, to?.address, amount?.toString(), account, slippage],
    queryFn: ({ signal }) => {
      if (!ready) throw new Error('the gasless estimate needs tokens, an amount and an account')
      return fetchGaslessEstimate({
        chainId,
        srcToken: getAddress(from.address),
        dstToken: getAddress(to.address),
        amount,
        sender: account,
        slippage,
        signal,
      })
    },
    enabled: params.enabled && ready,
    refetchInterval: params.enabled ? 15_000 : false,
    retry: false,
  })
}
