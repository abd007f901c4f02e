import { parseAbi } from 'viem'

/** The parts of EndpointV2, ReceiveUln302, the DVN and the Executor the relayer calls or reads. */
export const layerZeroRelayerAbis = {
  endpoint: parseAbi([
    'event PacketSent(bytes encodedPayload, bytes options, address sendLibrary)',
    'event ComposeSent(address from, address to, bytes32 guid, uint16 index, bytes message)',
    'function lazyInboundNonce(address receiver, uint32 srcEid, bytes32 sender) view returns (uint64)',
    'function inboundPayloadHash(address receiver, uint32 srcEid, bytes32 sender, uint64 nonce) view returns (bytes32)',
    'function composeQueue(address from, address to, bytes32 guid, uint16 index) view returns (bytes32)',
  ]),
  receiveUln: parseAbi([
    'function verify(bytes packetHeader, bytes32 payloadHash, uint64 confirmations)',
    'function commitVerification(bytes packetHeader, bytes32 payloadHash)',
    'struct UlnConfig { uint64 confirmations; uint8 requiredDVNCount; uint8 optionalDVNCount; uint8 optionalDVNThreshold; address[] requiredDVNs; address[] optionalDVNs; }',
    'function getUlnConfig(address oapp, uint32 remoteEid) view returns (UlnConfig config)',
    'function hashLookup(bytes32 headerHash, bytes32 payloadHash, address dvn) view returns (bool submitted, uint64 confirmations)',
  ]),
  dvn: parseAbi([
    'function vid() view returns (uint32)',
    'struct ExecuteParam { uint32 vid; address target; bytes callData; uint256 expiration; bytes signatures; }',
    'function execute(ExecuteParam[] params)',
  ]),
  executor: parseAbi([
    'struct Origin { uint32 srcEid; bytes32 sender; uint64 nonce; }',
    'struct ExecutionParams { address receiver; Origin origin; bytes32 guid; bytes message; bytes extraData; uint256 gasLimit; }',
    'function execute302(ExecutionParams executionParams) payable',
    'function compose302(address from, address to, bytes32 guid, uint16 index, bytes message, bytes extraData, uint256 gasLimit) payable',
  ]),
} as const
