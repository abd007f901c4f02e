import { encodePacked, type Hex } from 'viem'

/** Our `DestinationSwap` (contracts/src/stargate/DestinationSwap.sol) as an ABI parameter: the compose message. */
export const destinationSwapParameter = {
  type: 'tuple',
  components: [
    { name: 'receiver', type: 'address' },
    { name: 'tokenOut', type: 'address' },
    { name: 'minAmountOut', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
    {
      name: 'steps',
      type: 'tuple[]',
      components: [
        { name: 'kind', type: 'uint8' },
        { name: 'factoryId', type: 'uint16' },
        { name: 'tokenIn', type: 'address' },
        { name: 'tokenOut', type: 'address' },
        { name: 'fee', type: 'uint24' },
        { name: 'share', type: 'uint64' },
      ],
    },
  ],
} as const

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
