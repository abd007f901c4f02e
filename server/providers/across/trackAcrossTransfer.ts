import { type Address, decodeEventLog, getAddress, type Hex, isAddressEqual, sliceHex } from 'viem'
import { acrossHandlerAbi } from '../../../contracts/artifacts'
import { findOriginReceipt } from '../findOriginReceipt'
import type { ProviderTransferRecord, TrackHint } from '../types'
import type { AcrossContext } from './acrossContext'
import { acrossSpokePoolAbi } from './acrossSpokePoolAbi'
import { findAcrossRefund } from './findAcrossRefund'
import { findOurAcrossDeposit } from './findOurAcrossDeposit'

const wordToAddress = (word: Hex): Address => getAddress(sliceHex(word, 12))

/**
 * The Across transfer `originTxHash` started, if it is ours (our AcrossEntry's `AcrossSwapDeposited` in the
 * receipt, found on the served chains or given by `hint`): DELIVERED by the destination's `FilledRelay` (the
 * handler's event gives the amount and whether a swap fell back), FAILED and refunded by an origin refund leaf
 * paying the depositor, else INFLIGHT. Undefined for a hash that is not ours. Throws what the nodes throw.
 */
export async function trackAcrossTransfer(
  context: AcrossContext,
  originTxHash: string,
  hint: TrackHint | undefined,
): Promise<ProviderTransferRecord | undefined> {
  const { markets } = context
  if (!/^0x[0-9a-fA-F]{64}$/.test(originTxHash)) return undefined
  const hash = originTxHash as Hex
  const found =
    hint === undefined
      ? await findOriginReceipt(
          context.served.map((d) => ({ chainId: d.chainId, client: markets.get(d.chainId).client })),
          hash,
        )
      : hint.origin
  const origin = found === undefined ? undefined : context.deploymentOf(found.chainId)
  if (found === undefined || origin?.across === undefined) return undefined
  const { receipt } = found
  const { spokePool, entry } = origin.across
  // a chain without our entry has no trades of ours
  if (entry === undefined) return undefined
  const deposited = findOurAcrossDeposit(receipt.logs, { entry, spokePool })
  if (deposited === undefined) return undefined
  const originClient = markets.get(origin.chainId).client
  const destination = context.deploymentOf(Number(deposited.destinationChainId))
  if (destination?.across === undefined) return undefined
  const base = { originTxHash, sourceChainId: origin.chainId, destinationChainId: destination.chainId }
  const client = markets.get(destination.chainId).client
  const [filled] = await client.getContractEvents({
    address: destination.across.spokePool,
    abi: acrossSpokePoolAbi,
    eventName: 'FilledRelay',
    args: { originChainId: BigInt(origin.chainId), depositId: deposited.depositId },
    fromBlock: context.trackFromBlock(destination.chainId, BigInt(destination.startBlock)),
  })
  if (filled !== undefined) {
    const handled = destination.across.handler
    const fill = await client.getTransactionReceipt({ hash: filled.transactionHash })
    for (const log of fill.logs) {
      if (handled === undefined || !isAddressEqual(log.address, handled)) continue
      const event = decodeEventLog({ abi: acrossHandlerAbi, data: log.data, topics: log.topics })
      return {
        ...base,
        state: 'DELIVERED',
        destinationTxHash: filled.transactionHash,
        amountReceived: event.eventName === 'AcrossSwapped' ? event.args.amountOut : event.args.amount,
        receivedDifferentTokens: event.eventName === 'AcrossFallback',
        refunded: false,
      }
    }
    return {
      ...base,
      state: 'DELIVERED',
      destinationTxHash: filled.transactionHash,
      amountReceived: deposited.outputAmount,
      receivedDifferentTokens: false,
      refunded: false,
    }
  }
  // unfilled: a refund leaf executed on the origin after the deposit, paying the depositor its input
  const refunds = await originClient.getContractEvents({
    address: spokePool,
    abi: acrossSpokePoolAbi,
    eventName: 'ExecutedRelayerRefundRoot',
    args: { chainId: BigInt(origin.chainId) },
    fromBlock: context.trackFromBlock(origin.chainId, receipt.blockNumber),
  })
  const refund = findAcrossRefund(refunds, {
    depositor: wordToAddress(deposited.depositor),
    inputToken: wordToAddress(deposited.inputToken),
    inputAmount: deposited.inputAmount,
  })
  if (refund !== undefined)
    return {
      ...base,
      state: 'FAILED',
      // the refund is paid on the origin: its transaction stands where a delivery's would
      destinationTxHash: refund.transactionHash,
      amountReceived: deposited.inputAmount,
      receivedDifferentTokens: false,
      refunded: true,
    }
  return { ...base, state: 'INFLIGHT', receivedDifferentTokens: false, refunded: false }
}
