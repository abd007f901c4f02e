import { parseAbi } from 'viem'

/**
 * The parts of LayerZero V2's EndpointV2 a stuck compose needs: the Executor's `LzComposeAlert` (a compose it
 * ran that reverted), the queue of composes not yet delivered, and `lzCompose`, which anyone may call to deliver
 * a queued one.
 */
export const layerZeroEndpointAbi = parseAbi([
  'event LzComposeAlert(address indexed from, address indexed to, address indexed executor, bytes32 guid, uint16 index, uint256 gas, uint256 value, bytes message, bytes extraData, bytes reason)',
  'function composeQueue(address from, address to, bytes32 guid, uint16 index) view returns (bytes32 messageHash)',
  'function lzCompose(address from, address to, bytes32 guid, uint16 index, bytes message, bytes extraData) payable',
])
