import { useQuery } from '@tanstack/react-query'
import { popularTokensQueryOptions } from '../../lib/api'
import { getOtherTokenDelivery } from '../../lib/getOtherTokenDelivery'

/**
 * A cross-chain trade delivered in another token than asked (its destination swap could not meet its minimum):
 * says so with the exact amount, and offers one action, "Finish the swap", the swap card on the destination
 * chain from exactly what arrived into the token asked. Nothing while the destination's token list (the
 * received token's decimals) is not known.
 */
export function OtherTokenDelivery(props: {
  chainId: number
  chainName: string
  /** Whether the destination chain lists tokens (an EVM chain of the app). */
  listed: boolean
  tokenReceived: string
  amountReceived: string
  asked: { address: string; symbol: string }
  receiver: string
}) {
  const tokens = useQuery({ ...popularTokensQueryOptions({ chainId: props.chainId }), enabled: props.listed })
  if (tokens.data === undefined) return null
  const delivery = getOtherTokenDelivery({ ...props, tokens: tokens.data })
  if (delivery === undefined) return null
  return (
    <div className="space-y-2 pt-1">
      <p data-testid="history-other-token" className="text-sm text-fg">
        {delivery.text}
      </p>
      <a
        href={delivery.link}
        className="block rounded-lg bg-accent px-3 py-2 text-center text-sm font-semibold text-accent-fg"
      >
        Finish the swap
      </a>
    </div>
  )
}
