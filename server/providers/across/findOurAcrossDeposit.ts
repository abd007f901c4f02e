import { type Address, decodeEventLog, type Hex, isAddressEqual } from 'viem'
import { acrossEntryAbi } from '../../../contracts/artifacts'
import { acrossSpokePoolAbi } from './acrossSpokePoolAbi'

/** A log of a transaction receipt, as far as decoding it needs. */
interface ReceiptLog {
  address: Address
  data: Hex
  topics: [Hex, ...Hex[]] | []
}

/**
 * The SpokePool's `FundsDeposited` of the deposit our AcrossEntry (`entry`) made in a transaction, from its
 * receipt's `logs`: the deposit whose id the entry's own `AcrossSwapDeposited` names. Undefined when the entry
 * made none: a SpokePool deposit made around our entry (by anyone, for anything) is not a trade of this API.
 * Logs that do not decode are skipped. Pure.
 */
export function findOurAcrossDeposit(
  logs: readonly ReceiptLog[],
  { entry, spokePool }: { entry: Address; spokePool: Address },
) {
  const ours = logs
    .filter((log) => isAddressEqual(log.address, entry))
    .flatMap((log) => {
      try {
        const event = decodeEventLog({ abi: acrossEntryAbi, data: log.data, topics: log.topics })
        return event.eventName === 'AcrossSwapDeposited' ? [event.args.depositId] : []
      } catch {
        return []
      }
    })[0]
  if (ours === undefined) return undefined
  return logs
    .filter((log) => isAddressEqual(log.address, spokePool))
    .flatMap((log) => {
      try {
        const event = decodeEventLog({ abi: acrossSpokePoolAbi, data: log.data, topics: log.topics })
        return event.eventName === 'FundsDeposited' && event.args.depositId === ours ? [event.args] : []
      } catch {
        return []
      }
    })[0]
}
