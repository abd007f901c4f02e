import { type Address, isAddressEqual } from 'viem'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import { assertSafeRecipient } from '../quotes/assertSafeRecipient'
import type { GaslessChain } from './planGaslessOrder'

/**
 * Refuses a gasless receiver that would lose the output: what a single-chain swap refuses
 * (`assertSafeRecipient`: the zero address, the Aggregator, a token contract, a pool) and our gasless contracts,
 * the settlement and Permit2. Throws AppError INVALID_PARAMS naming `field`.
 */
export function assertGaslessReceiver(
  market: ChainMarket,
  chain: GaslessChain,
  receiver: Address,
  field: string,
): void {
  assertSafeRecipient(market, receiver, field)
  for (const [name, contract] of [
    ['the gasless settlement', chain.settlement],
    ['Permit2', chain.permit2],
  ] as const) {
    if (isAddressEqual(receiver, contract)) {
      throw new AppError('INVALID_PARAMS', `${field} ${receiver} is ${name}: funds sent there are lost`, {
        details: { param: field, address: receiver, reason: name },
      })
    }
  }
}
