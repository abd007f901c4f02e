import { type Address, decodeEventLog, type Hex, isAddressEqual } from 'viem'
import { stargateEntryAbi } from '../../../contracts/artifacts'

/** A log of a transaction receipt, as far as decoding it needs. */
interface ReceiptLog {
  address: Address
  data: Hex
  topics: [Hex, ...Hex[]] | []
}

/**
 * The `CrossSwapSent` our StargateEntry (`entry`) emitted in a transaction, from its receipt's `logs`;
 * undefined when it emitted none: a Stargate send made without our entry is someone else's. Logs that do not
 * decode are skipped. Pure.
 */
export function findOurStargateSend(logs: readonly ReceiptLog[], entry: Address) {
  return logs
    .filter((log) => isAddressEqual(log.address, entry))
    .flatMap((log) => {
      try {
        const event = decodeEventLog({ abi: stargateEntryAbi, data: log.data, topics: log.topics })
        return event.eventName === 'CrossSwapSent' ? [event.args] : []
      } catch {
        return []
      }
    })[0]
}
