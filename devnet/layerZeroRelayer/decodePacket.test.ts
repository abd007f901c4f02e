import { concat, keccak256, numberToHex, pad } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodePacket } from './decodePacket'

describe('decodePacket', () => {
  it('reads the header fields, guid, message and payload hash of a PacketV1 packet', () => {
    const sender = pad('0x1111111111111111111111111111111111111111')
    const receiver = pad('0xabcdefabcdefabcdefabcdefabcdefabcdefabcd')
    const guid = keccak256('0x01')
    const header = concat([
      numberToHex(1, { size: 1 }),
      numberToHex(7n, { size: 8 }),
      numberToHex(30101, { size: 4 }),
      sender,
      numberToHex(30110, { size: 4 }),
      receiver,
    ])
    const packet = decodePacket(concat([header, guid, '0xdeadbeef']))
    expect(packet).toEqual({
      header,
      nonce: 7n,
      srcEid: 30101,
      sender,
      dstEid: 30110,
      receiver: '0xABcdEFABcdEFabcdEfAbCdefabcdeFABcDEFabCD',
      guid,
      message: '0xdeadbeef',
      payloadHash: keccak256(concat([guid, '0xdeadbeef'])),
    })
  })

  it('rejects another packet version', () => {
    expect(() => decodePacket(concat([numberToHex(2, { size: 1 }), pad('0x', { size: 112 })]))).toThrow(
      'packet version 2 is not 1',
    )
  })
})
