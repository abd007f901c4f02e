import { useQuery } from '@tanstack/react-query'
import type { SingleQuotesParams } from './fetchSingleQuotes'
import { singleQuotesQueryOptions } from './singleQuotesQueryOptions'

/** A trade's quotes, refreshed on a timer; idle while `params` is undefined (incomplete form). */
export function useSingleQuotes(params: SingleQuotesParams | undefined) {
  const placeholder: SingleQuotesParams = {
    chainId: 0,
    fromTokenAddress: '0x0000000000000000000000000000000000000000',
    toTokenAddress: '0x0000000000000000000000000000000000000000',
    amount: 0n,
    side: 'in',
    slippagePercent: 0,
    deadlineMinutes: 0,
  }
  return useQuery({ ...singleQuotesQueryOptions(params ?? placeholder), enabled: params !== undefined })
}
