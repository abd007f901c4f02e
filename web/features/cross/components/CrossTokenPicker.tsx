import type { ChainRecord, TokenRecord } from '../../../lib/api'
import { TokenDialog } from '../../swap'
import type { CrossToken } from '../model/CrossToken'

const noBalances: ReadonlyMap<string, bigint> = new Map()

/** The token list of one side (`side`: the source's tokens to pay, the destination's to receive). */
export function CrossTokenPicker(props: {
  side: 'from' | 'to'
  chain: ChainRecord
  tokens: readonly TokenRecord[]
  onPick: (token: CrossToken) => void
  onClose: () => void
}) {
  return (
    <TokenDialog
      open
      title={props.side === 'from' ? 'You pay' : 'You receive'}
      chainId={props.chain.chainId}
      chainName={props.chain.name}
      tokens={props.tokens}
      balances={noBalances}
      selected={undefined}
      onSelect={(token) =>
        props.onPick({ address: token.address, symbol: token.symbol, decimals: token.decimals })
      }
      onClose={props.onClose}
    />
  )
}
