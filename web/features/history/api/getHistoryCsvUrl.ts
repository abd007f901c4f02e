import { createApiClient } from '../../../lib/api'

/** The URL of an address's whole history as CSV (`GET /trade/v1/info/history/{address}?format=csv`). */
export function getHistoryCsvUrl(params: { address: string; baseUrl?: string | undefined }): string {
  return createApiClient(params.baseUrl)
    .trade.v1.info.history[':address'].$url({ param: { address: params.address }, query: { format: 'csv' } })
    .toString()
}
