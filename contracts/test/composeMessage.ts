import { encodePacked, type Hex } from 'viem'

/** Our `DestinationSwap` (contracts/src/stargate/DestinationSwap.sol) as an ABI parameter: the compose message. */
export { destinationSwapParameter } from '../../server/providers/stargate/stargatePoolAbi'

/**
 * Stargate's OFT compose message as the destination pool queues it on the endpoint:
 * nonce (8) || srcEid (4) || amountLD (32) || composeFrom (32) || composeMsg (OFTComposeMsgCodec).
 */
export function composeMessage({
  amountLD,
  srcEid,
  composeFrom,
  composeMsg,
  nonce = 1n,
}: {
  amountLD: bigint
  srcEid: number
  composeFrom: Hex
  composeMsg: Hex
  nonce?: bigint
}): Hex {
  return encodePacked(
    ['uint64', 'uint32', 'uint256', 'bytes32', 'bytes'],
    [nonce, srcEid, amountLD, composeFrom, composeMsg],
  )
}
