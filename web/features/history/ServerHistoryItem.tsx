import { useQuery } from '@tanstack/react-query'
import { type ChainRecord, popularTokensQueryOptions } from '../../lib/api'
import { formatTokenAmount } from '../../lib/formatTokenAmount'
import type { AddressHistoryItem } from './api/fetchAddressHistory'
import { describeHistoryState } from './describeHistoryState'
import { formatHistoryTime, HistoryDetail, HistoryRow, HistoryTxDetail, shortTxId } from './HistoryRow'
import { OtherTokenDelivery } from './OtherTokenDelivery'

/** A token's symbol and decimals from its chain's list; its short address in base units when not listed. */
function useTokenLabel(chainId: number, address: string, chains: readonly ChainRecord[]) {
  const listed = chains.some((c) => c.chainId === chainId && c.family === 'evm')
  const tokens = useQuery({ ...popularTokensQueryOptions({ chainId }), enabled: listed })
  const token = tokens.data?.find((t) => t.address.toLowerCase() === address.toLowerCase())
  return token === undefined
    ? { symbol: `${address.slice(0, 6)}…${address.slice(-4)}`, decimals: 0 }
    : { symbol: token.symbol, decimals: token.decimals }
}

const amount = (value: string, token: { symbol: string; decimals: number }) =>
  `${formatTokenAmount({ amount: BigInt(value), decimals: token.decimals })} ${token.symbol}`

/**
 * A trade the server recorded for the account that this browser has no record of (made in another browser or
 * device, or paid to the account by someone else): its tokens named from the chains' token lists, its state
 * from the server.
 */
export function ServerHistoryItem({
  item,
  chains,
}: {
  item: AddressHistoryItem
  chains: readonly ChainRecord[]
}) {
  const from = useTokenLabel(item.fromChainId, item.tokenIn, chains)
  const to = useTokenLabel(item.toChainId, item.tokenReceived ?? item.tokenOut, chains)
  const asked = useTokenLabel(item.toChainId, item.tokenOut, chains)
  const source = chains.find((c) => c.chainId === item.fromChainId)
  const destination = chains.find((c) => c.chainId === item.toChainId)
  const nameOf = (chain: ChainRecord | undefined, id: number) => chain?.name ?? String(id)
  const chainName =
    item.fromChainId === item.toChainId
      ? nameOf(source, item.fromChainId)
      : `${nameOf(source, item.fromChainId)} → ${nameOf(destination, item.toChainId)}`
  return (
    <HistoryRow
      title={
        item.amountRefunded === null
          ? `${amount(item.amountIn, from)} → ${item.amountOut === null ? to.symbol : amount(item.amountOut, to)}`
          : `${amount(item.amountIn, from)} → ${to.symbol}, refunded ${amount(item.amountRefunded, from)}`
      }
      meta={`${chainName} · ${formatHistoryTime(Date.parse(item.createdAt))}${
        item.originTxHash === null ? '' : ` · ${shortTxId(item.originTxHash)}`
      }`}
      status={describeHistoryState(item)}
    >
      {item.originTxHash !== null && (
        <HistoryTxDetail
          term={`Transaction on ${nameOf(source, item.fromChainId)}`}
          chain={source}
          txHash={item.originTxHash}
        />
      )}
      {item.destinationTxHash !== null && item.toChainId !== item.fromChainId && (
        <HistoryTxDetail
          term={`Delivered on ${nameOf(destination, item.toChainId)}`}
          chain={destination}
          txHash={item.destinationTxHash}
        />
      )}
      {item.amountOut !== null && <HistoryDetail term="Received">{amount(item.amountOut, to)}</HistoryDetail>}
      {item.providerId !== null && <HistoryDetail term="Bridge">{item.providerId}</HistoryDetail>}
      {item.state === 'inFlight' && item.subStatus === 'COMPOSE_FAILED' && (
        <HistoryDetail term="Delivery failed">
          The tokens wait on {nameOf(destination, item.toChainId)} until the delivery is sent again: Retry
          delivery on the cross-chain swap card of the browser that sent the trade.
        </HistoryDetail>
      )}
      {item.payment !== undefined && (
        <HistoryDetail term="Deposit paid">{`${item.payment.note.charAt(0).toUpperCase()}${item.payment.note.slice(1)}`}</HistoryDetail>
      )}
      {item.state === 'deliveredOtherToken' && item.tokenReceived !== null && item.amountOut !== null && (
        <OtherTokenDelivery
          chainId={item.toChainId}
          chainName={nameOf(destination, item.toChainId)}
          listed={destination?.family === 'evm'}
          tokenReceived={item.tokenReceived}
          amountReceived={item.amountOut}
          asked={{ address: item.tokenOut, symbol: asked.symbol }}
          receiver={item.receiver}
        />
      )}
    </HistoryRow>
  )
}
