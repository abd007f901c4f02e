import type { ProviderTransferRecord } from '../types'
import type { ThorchainContext } from './thorchainContext'
import { toOurThorchainSwap } from './toOurThorchainSwap'
import { toThorchainTransferRecord } from './toThorchainTransferRecord'

/**
 * The liquidity-network swap `originTxHash` started, by one THORNode lookup of its inbound (whatever any hint
 * says: the network's EVM chains need not be chains we hold): undefined when THORNode does not know it or it is
 * not ours (`toOurThorchainSwap`), else where it stands (`toThorchainTransferRecord`). Throws what THORNode's
 * client throws.
 */
export async function trackThorchainTransfer(
  context: ThorchainContext,
  originTxHash: string,
): Promise<ProviderTransferRecord | undefined> {
  if (!context.chainsKnown()) await context.readInbound()
  const status = await context.client.txStatus(originTxHash)
  if (status === undefined) return undefined
  const ours = toOurThorchainSwap(status.tx, context.chains())
  if (ours === undefined) return undefined
  return toThorchainTransferRecord(originTxHash, status, ours)
}
