import { describe, expect, it } from 'vitest'
import { findAcrossRefund } from './findAcrossRefund'

const USDC = '0x00000000000000000000000000000000000000c1'
const USDT = '0x00000000000000000000000000000000000000c2'
const ALICE = '0x00000000000000000000000000000000000a11ce'
const BOB = '0x0000000000000000000000000000000000000b0b'

const leaf = (hash: string, token: `0x${string}`, addresses: `0x${string}`[], amounts: bigint[]) => ({
  transactionHash: hash,
  args: { l2TokenAddress: token, refundAddresses: addresses, refundAmounts: amounts },
})

describe('findAcrossRefund', () => {
  const deposit = { depositor: ALICE, inputToken: USDC, inputAmount: 1_000_000n } as const

  it('is the first leaf paying the depositor exactly its input in its token', () => {
    const refunds = [
      leaf('0x01', USDT, [ALICE], [1_000_000n]),
      leaf('0x02', USDC, [ALICE], [999_999n]),
      leaf('0x03', USDC, [BOB, ALICE.toUpperCase().replace('0X', '0x') as `0x${string}`], [5n, 1_000_000n]),
      leaf('0x04', USDC, [ALICE], [1_000_000n]),
    ]
    expect(findAcrossRefund(refunds, deposit)?.transactionHash).toBe('0x03')
  })

  it('is undefined when no leaf pays that deposit', () => {
    expect(findAcrossRefund([leaf('0x01', USDC, [BOB], [1_000_000n])], deposit)).toBeUndefined()
    expect(findAcrossRefund([leaf('0x01', USDC, [ALICE], [])], deposit)).toBeUndefined()
    expect(findAcrossRefund([{ transactionHash: '0x05', args: {} }], deposit)).toBeUndefined()
    expect(findAcrossRefund([], deposit)).toBeUndefined()
  })
})
