import { queryOptions } from '@tanstack/react-query'
import type { HexAddress } from '../../../lib/api'
import { describeGaslessStatus } from '../model/describeGaslessStatus'
import { fetchGaslessOrder } from './fetchGaslessOrder'
import { fetchGaslessOrders } from './fetchGaslessOrders'

/** Query options for one gasless order's status: polled every `pollMs` until it reaches an end state. */
export function gaslessOrderQueryOptions(params: { orderId: string; pollMs: number }) {
  return queryOptions({
    queryKey: ['gaslessOrder', params.orderId] as const,
    queryFn: ({ signal }) => fetchGaslessOrder({ orderId: params.orderId, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status
      return status !== undefined && describeGaslessStatus(status).final ? false : params.pollMs
    },
  })
}

/** Query options for the first page of `address`'s gasless orders (the history). */
export function gaslessOrdersQueryOptions(params: { address: HexAddress }) {
  return queryOptions({
    queryKey: ['gaslessOrders', params.address] as const,
    queryFn: ({ signal }) => fetchGaslessOrders({ address: params.address, signal }),
    refetchInterval: 10_000,
  })
}
