import type { Address } from 'viem'
import { concat, getAddress, type Hex, hexToBigInt, hexToNumber, keccak256, size, slice } from 'viem'

/** A LayerZero V2 packet as EndpointV2's PacketSent carries it (PacketV1Codec). */
export type DecodedPacket = {
  /** The 81-byte header the DVN attests: version, nonce, srcEid, sender, dstEid, receiver. */
  header: Hex
  nonce: bigint
  srcEid: number
  /** The sending OApp as bytes32. */
  sender: Hex
  dstEid: number
  receiver: Address
  guid: Hex
  message: Hex
  /** keccak256(guid ‖ message): what the DVN verifies and the endpoint stores. */
  payloadHash: Hex
}

const headerSize = 81
const packetVersion = 1

/**
 * Decodes the `encodedPayload` of a PacketSent event (PacketV1Codec: version 1, nonce, srcEid, sender,
 * dstEid, receiver, guid, message) and computes its payload hash. Throws on another version or a short packet.
 */
export function decodePacket(encoded: Hex): DecodedPacket {
  if (size(encoded) < headerSize + 32) throw new Error(`packet of ${size(encoded)} bytes is too short`)
  const version = hexToNumber(slice(encoded, 0, 1))
  if (version !== packetVersion) throw new Error(`packet version ${version} is not ${packetVersion}`)
  const header = slice(encoded, 0, headerSize)
  const guid = slice(encoded, headerSize, headerSize + 32)
  const message = size(encoded) > headerSize + 32 ? slice(encoded, headerSize + 32) : '0x'
  return {
    header,
    nonce: hexToBigInt(slice(header, 1, 9)),
    srcEid: hexToNumber(slice(header, 9, 13)),
    sender: slice(header, 13, 45),
    dstEid: hexToNumber(slice(header, 45, 49)),
    receiver: getAddress(slice(header, 61, 81)),
    guid,
    message,
    payloadHash: keccak256(concat([guid, message])),
  }
}
