import { type Address, getAddress } from 'viem'
import type { ChainDeployment, ExchangeKind } from './deployment'

/** An exchange (liquidity source) as `GET /trade/v1/info/sources` describes it. */
export interface SourceRecord {
  id: string
  name: string
  kind: ExchangeKind
  /** Same-origin path of the logo; `null` when none ships. */
  logo: string | null
  factory: Address
}

/** Lists the exchanges deployed on one chain, in deployment order, with checksummed factory addresses. */
export function getSourceRecords(deployment: ChainDeployment): SourceRecord[] {
  return deployment.exchanges.map((exchange) => ({
    id: exchange.id,
    name: exchange.name,
    kind: exchange.kind,
    logo: exchange.logo ?? null,
    factory: getAddress(exchange.factory),
  }))
}
