import { toHex } from '@cosmjs/encoding'
import { describe, expect, it } from 'vitest'
import { decodeMsgDeposit } from './decodeMsgDeposit'
import { encodeMsgDeposit } from './encodeMsgDeposit'

const rune = { chain: 'THOR', symbol: 'RUNE', ticker: 'RUNE' }

describe('encodeMsgDeposit and decodeMsgDeposit', () => {
  it('write the protobuf bytes field by field, defaults left out', () => {
    // memo (2) "ab", signer (3) 0x0102
    expect(toHex(encodeMsgDeposit({ coins: [], memo: 'ab', signer: new Uint8Array([1, 2]) }))).toBe(
      '120261621a020102',
    )
    // one coin (1): asset (1) { chain "THOR", symbol "RUNE", ticker "RUNE" } = 18 bytes, amount (2) "100"
    expect(
      toHex(
        encodeMsgDeposit({
          coins: [{ asset: rune, amount: '100', decimals: 0n }],
          memo: '',
          signer: new Uint8Array(),
        }),
      ),
    ).toBe('0a190a120a0454484f52120452554e451a0452554e451203313030')
    // decimals (3) 8 as a varint
    expect(
      toHex(
        encodeMsgDeposit({
          coins: [{ asset: rune, amount: '1', decimals: 8n }],
          memo: '',
          signer: new Uint8Array(),
        }),
      ),
    ).toBe('0a190a120a0454484f52120452554e451a0452554e451201311808')
  })

  it('read back what they wrote, and skip fields they do not know', () => {
    const msg = {
      coins: [{ asset: rune, amount: '2000000', decimals: 8n }],
      memo: 'REFERENCE:BTC.BTC:=:ETH.ETH:0xabc',
      signer: new Uint8Array(20).fill(7),
    }
    expect(decodeMsgDeposit(encodeMsgDeposit(msg))).toEqual(msg)
    // a field 9 varint (tag 0x48) before the memo: skipped
    expect(decodeMsgDeposit(new Uint8Array([0x48, 0x05, 0x12, 0x01, 0x78]))).toEqual({
      coins: [],
      memo: 'x',
      signer: new Uint8Array(),
    })
  })

  it('refuses bytes that are not protobuf', () => {
    expect(() => decodeMsgDeposit(new Uint8Array([0x12, 0x05, 0x61]))).toThrow()
  })
})
