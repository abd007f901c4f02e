import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors'
import { assertMemoFitsSource, utxoMemoMaxBytes } from './assertMemoFitsSource'

const BTC = -3980891822
const BCH = -174457306
const LTC = -33463083
const DOGE = -3143381382
const ATOM = -978111860

function refusal(memo: string, chainId: number): unknown {
  try {
    assertMemoFitsSource(memo, chainId)
  } catch (error: unknown) {
    return error
  }
  return undefined
}

describe('assertMemoFitsSource', () => {
  it('lets a UTXO deposit carry 80 bytes and refuses 81, on each UTXO chain', () => {
    expect(utxoMemoMaxBytes).toBe(80)
    for (const chainId of [BTC, BCH, LTC, DOGE]) {
      expect(refusal('x'.repeat(80), chainId)).toBeUndefined()
      const error = refusal('x'.repeat(81), chainId)
      expect(error).toBeInstanceOf(AppError)
      expect(error).toMatchObject({
        code: 'MEMO_TOO_LONG',
        status: 400,
        details: { provider: 'thorchain', param: 'receiver', bytes: 81, maxBytes: 80, chainId },
      })
    }
  })

  it('counts UTF-8 bytes, not characters', () => {
    // 'é' is two bytes: 40 of them are 80 bytes, 41 are 82
    expect(refusal('é'.repeat(40), BTC)).toBeUndefined()
    expect(refusal('é'.repeat(41), BTC)).toMatchObject({ details: { bytes: 82 } })
  })

  it('leaves chains that do not use an OP_RETURN alone (Cosmos, EVM, unknown)', () => {
    for (const chainId of [ATOM, 1, 12345]) expect(refusal('x'.repeat(200), chainId)).toBeUndefined()
  })
})
