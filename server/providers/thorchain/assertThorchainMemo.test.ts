import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors'
import { assertThorchainMemo } from './assertThorchainMemo'

const BTC = -3980891822
const ETH_RECEIVER = '0x00000000000000000000000000000000000a7011'
const native = '0x0000000000000000000000000000000000000000'
const request = {
  from: { chainId: BTC, address: native, decimals: 8 },
  to: { chainId: 1, address: native, decimals: 18 },
  amountIn: 10_000_000n,
  sender: 'bc1qsender',
  receiver: ETH_RECEIVER,
  slippage: 0.01,
}
// 2376000 (1e8 units) in wei
const amountOutMin = 23_760_000_000_000_000n

const refusal = (memo: string) => {
  try {
    assertThorchainMemo(memo, request, amountOutMin)
  } catch (error: unknown) {
    if (error instanceof AppError) return [error.code, error.message, error.details]
    throw error
  }
  return undefined
}

describe('assertThorchainMemo', () => {
  it("passes the quote's memo, and one with a higher limit", () => {
    expect(refusal(`=:ETH.ETH:${ETH_RECEIVER}:2376000`)).toBeUndefined()
    expect(refusal(`SWAP:ETH.ETH:${ETH_RECEIVER}:2376001`)).toBeUndefined()
  })

  it.each([
    ['hello', 'transactionData.memo is not a swap memo: not a swap memo: hello'],
    [`=:BTC.BTC:${ETH_RECEIVER}:2376000`, 'The memo does not pay the receiver in the requested asset'],
    [
      '=:ETH.ETH:0x00000000000000000000000000000000000b0b00:2376000',
      'The memo does not pay the receiver in the requested asset',
    ],
    [`=:ETH.ETH:${ETH_RECEIVER}:2375999`, "The memo's limit or affiliate is not the quote's"],
    [`=:ETH.ETH:${ETH_RECEIVER}:0`, "The memo's limit or affiliate is not the quote's"],
    [`=:ETH.ETH:${ETH_RECEIVER}:2376000:xx`, "The memo's limit or affiliate is not the quote's"],
    [`=:ETH.ETH:${ETH_RECEIVER}/bc1qother:2376000`, 'The memo names a refund address of its own'],
  ])('refuses %s', (memo, message) => {
    expect(refusal(memo)).toEqual(['INVALID_PARAMS', message, { param: 'transactionData.memo' }])
  })
})
