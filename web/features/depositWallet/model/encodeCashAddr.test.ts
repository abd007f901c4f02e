import { describe, expect, it } from 'vitest'
import { decodeCashAddr } from './decodeCashAddr'
import { encodeCashAddr } from './encodeCashAddr'

// The CashAddr specification's test vector: the 20-byte hash F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9
const hash = Uint8Array.from(Buffer.from('f5bf48b397dae70be82b3cca4793f8eb2b6cdac9', 'hex'))

describe('CashAddr', () => {
  it('encodes the specification vectors', () => {
    expect(encodeCashAddr('bitcoincash', 'p2pkh', hash)).toBe(
      'bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2',
    )
    expect(encodeCashAddr('bchtest', 'p2sh', hash)).toBe('bchtest:pr6m7j9njldwwzlg9v7v53unlr4jkmx6eyvwc0uz5t')
  })

  it('decodes what it encodes, with or without the prefix, and refuses a bad checksum', () => {
    expect(decodeCashAddr('bchreg', encodeCashAddr('bchreg', 'p2pkh', hash))).toEqual({ kind: 'p2pkh', hash })
    expect(decodeCashAddr('bitcoincash', 'qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2')).toEqual({
      kind: 'p2pkh',
      hash,
    })
    expect(() => decodeCashAddr('bitcoincash', 'qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg3')).toThrow(
      'checksum',
    )
    expect(() => decodeCashAddr('bchreg', 'bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2')).toThrow()
  })
})
