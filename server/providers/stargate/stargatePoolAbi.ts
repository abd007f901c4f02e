import { parseAbi } from 'viem'

/**
 * The part of Stargate V2's pool interface (IOFT) the provider reads: its quotes (in the pool's own decimals),
 * its shared decimals and its `OFTReceived` event (in the receiving pool's decimals).
 */
export const stargatePoolAbi = parseAbi([
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'struct OFTLimit { uint256 minAmountLD; uint256 maxAmountLD; }',
  'struct OFTFeeDetail { int256 feeAmountLD; string description; }',
  'struct OFTReceipt { uint256 amountSentLD; uint256 amountReceivedLD; }',
  'function quoteOFT(SendParam sendParam) view returns (OFTLimit limit, OFTFeeDetail[] oftFeeDetails, OFTReceipt receipt)',
  'function quoteSend(SendParam sendParam, bool payInLzToken) view returns (MessagingFee fee)',
  'function sharedDecimals() view returns (uint8)',
  'event OFTReceived(bytes32 indexed guid, uint32 srcEid, address indexed toAddress, uint256 amountReceivedLD)',
])

/** Our compose message (contracts/src/stargate/DestinationSwap.sol) as an ABI parameter. */
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
