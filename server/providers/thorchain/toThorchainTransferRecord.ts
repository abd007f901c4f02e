import { zeroAddress } from 'viem'
import { getChainInfo } from '../../chains/chainInfo'
import type { ProviderTransferRecord } from '../types'
import type { ThornodeTxStatus } from './createThornodeClient'
import { chainIdOfThorChain, fromThorUnits } from './thorchainAssets'

/**
 * Where a swap of ours (`ours`, by `toOurThorchainSwap`) stands by THORNode's `status` of its inbound: INFLIGHT
 * until an outbound exists; an outbound on the source chain is the network's refund (our swaps always cross
 * chains: FAILED, `refunded`, the source coin in its base units), else DELIVERED with the outbound's amount in
 * the destination's base units. The network pays native coins only: `tokenReceived` is the zero address (the
 * source chain's coin for a refund, also when a token was swapped to it before the deposit), and the chains
 * stay the trade's (`destinationChainId` the memo's, never the refund's). Pure.
 */
export function toThorchainTransferRecord(
  originTxHash: string,
  status: ThornodeTxStatus,
  ours: { sourceChainId: number; destinationChainId: number },
): ProviderTransferRecord {
  const { sourceChainId, destinationChainId } = ours
  const out = status.out_txs?.[0]
  const base = { originTxHash, sourceChainId, destinationChainId, receivedDifferentTokens: false }
  if (out === undefined) return { ...base, state: 'INFLIGHT' }
  const outChainId = chainIdOfThorChain(out.chain) ?? sourceChainId
  const decimals = getChainInfo(outChainId)?.nativeCurrency.decimals ?? 8
  const paid = fromThorUnits(BigInt(out.coins[0]?.amount ?? '0'), decimals)
  // an outbound on the source chain is the network's refund (our swaps always cross chains)
  const refunded = outChainId === sourceChainId
  return {
    ...base,
    state: refunded ? 'FAILED' : 'DELIVERED',
    // the source coin came back to the sender: not a loss, and not the destination's asset or decimals
    ...(refunded ? { refunded: true } : {}),
    destinationTxHash: out.id,
    amountReceived: paid,
    tokenReceived: zeroAddress,
  }
}
