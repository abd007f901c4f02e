import { type Address, isAddressEqual, zeroAddress } from 'viem'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'

/**
 * Refuses an address that would burn what it receives or hand it to a pool: the zero address, the
 * Aggregator, a token contract of the chain (the wrapped native included) or any pool of the chain's
 * snapshot. Throws AppError INVALID_PARAMS (400) naming `field`, with `details: { param, address, reason }`.
 */
export function assertSafeRecipient(market: ChainMarket, address: Address, field: string): void {
  const reason = unsafeReason(market, address)
  if (reason === undefined) return
  throw new AppError('INVALID_PARAMS', `${field} ${address} is ${reason}: funds sent there are lost`, {
    details: { param: field, address, reason },
  })
}

function unsafeReason(market: ChainMarket, address: Address): string | undefined {
  const { deployment } = market
  if (isAddressEqual(address, zeroAddress)) return 'the zero address'
  if (isAddressEqual(address, deployment.aggregator)) return 'the Aggregator'
  if (isAddressEqual(address, deployment.wrappedNative)) return 'the wrapped native token contract'
  if (deployment.tokens.some((t) => isAddressEqual(t.address, address))) return 'a token contract'
  if (market.getSnapshot().pools.some((p) => isAddressEqual(p.address, address))) return 'a pool'
  return undefined
}
