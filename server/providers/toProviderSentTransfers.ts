import { getAddress, type Hex, zeroHash } from 'viem'
import type { ProviderSentTransfer } from './types'

/** The fields an entry contract's send event carries (AcrossSwapDeposited, CrossSwapSent). */
interface SendArgs {
  sender: string
  receiver: string
  tokenIn: string
  tokenOut: string
  amountIn: bigint
}

/**
 * Maps an entry contract's send events, read from one origin chain, to the transfers the trade watcher follows:
 * each send with the attribution event of the same `key` (`depositId`, `guid`) gives the integrator id and fee
 * (zero hash and 0 without one). A send whose destination `destinationOf` does not know is left out. Addresses
 * are checksummed; `amountIn` and `feeAmount` are base units as the events give them.
 */
export function toProviderSentTransfers<
  Key extends string,
  Send extends {
    transactionHash: Hex
    blockNumber: bigint
    blockHash: Hex
    args: SendArgs & Record<Key, unknown>
  },
>(params: {
  chainId: number
  /** The entry contract that emitted the events. */
  contract: Hex
  key: Key
  sends: readonly Send[]
  attributions: readonly { args: Record<Key, unknown> & { integratorId: Hex; feeAmount: bigint } }[]
  /** The destination chain id of a send, `undefined` when no served chain is its destination. */
  destinationOf(send: Send): number | undefined
}): ProviderSentTransfer[] {
  const attributionOf = new Map<unknown, { integratorId: Hex; feeAmount: bigint }>(
    params.attributions.map((a) => [a.args[params.key], a.args]),
  )
  return params.sends.flatMap((send) => {
    const destinationChainId = params.destinationOf(send)
    if (destinationChainId === undefined) return []
    const attribution = attributionOf.get(send.args[params.key])
    return [
      {
        originTxHash: send.transactionHash,
        blockNumber: send.blockNumber,
        blockHash: send.blockHash,
        sourceChainId: params.chainId,
        destinationChainId,
        sender: getAddress(send.args.sender),
        receiver: getAddress(send.args.receiver),
        tokenIn: getAddress(send.args.tokenIn),
        tokenOut: getAddress(send.args.tokenOut),
        amountIn: send.args.amountIn,
        contract: params.contract,
        integratorId: attribution?.integratorId ?? zeroHash,
        feeAmount: attribution?.feeAmount ?? 0n,
      },
    ]
  })
}
