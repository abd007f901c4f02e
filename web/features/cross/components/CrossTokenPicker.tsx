import type { Address } from 'viem'
import type { ChainRecord, TokenRecord } from '../../../lib/api'
import { toBalanceMap, useTokenBalances } from '../../balances'
import { TokenDialog } from '../../swap'
import type { CrossToken } from '../model/CrossToken'

/**
 * The token list of one side (`side`: the source's tokens to pay, the destination's to receive), with the
 * connected wallet's balance of each on an EVM chain (read while the list is open), holdings first.
 */
export function CrossTokenPicker(props: {
  side: 'from' | 'to'
  chain: ChainRecord
  tokens: readonly TokenRecord[]
  account: Address | undefined
  onPick: (token: CrossToken) => void
  onClose: () => void
}) {
  const { chain } = props
  const { balances } = useTokenBalances({
    chainId: chain.chainId,
    address: chain.family === 'evm' ? props.account : undefined,
    tokens: props.tokens,
    refetchIntervalMs: Math.max(chain.blockTimeMs, 4_000),
  })
  return (
    <TokenDialog
      open
      title={props.side === 'from' ? 'You pay' : 'You receive'}
      chainId={chain.chainId}
      chainName={chain.name}
      tokens={props.tokens}
      balances={toBalanceMap(balances)}
      selected={undefined}
      onSelect={(token) =>
        props.onPick({ address: token.address, symbol: token.symbol, decimals: token.decimals })
      }
      onClose={props.onClose}
    />
  )
}
