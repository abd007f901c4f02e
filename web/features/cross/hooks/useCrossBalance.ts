import type { ChainRecord, TokenRecord } from '../../../lib/api'
import { useTokenBalances } from '../../balances'
import type { CrossToken } from '../model/CrossToken'

const noTokens: TokenRecord[] = []

/** The connected wallet's balance of `from` (base units) on an EVM source, refreshed each block (4 s at least). */
export function useCrossBalance(params: {
  source: ChainRecord
  from: CrossToken
  account: `0x${string}` | undefined
  sourceTokens: readonly TokenRecord[]
}): bigint | undefined {
  const { source, from } = params
  const fromRecord = params.sourceTokens.find((t) => t.address.toLowerCase() === from.address.toLowerCase())
  const { balances } = useTokenBalances({
    chainId: source.chainId,
    address: source.family === 'evm' ? params.account : undefined,
    tokens: fromRecord === undefined ? noTokens : [fromRecord],
    refetchIntervalMs: Math.max(source.blockTimeMs, 4_000),
  })
  return balances[0]?.amount
}
