import { describe, expect, it } from 'vitest'
import type { MidgardAction } from './createThornodeClient'
import { toThorchainDeposit } from './toThorchainDeposit'

const BTC = -3980891822
const DOGE = -3143381382
const GAIA = -978111860
const ETH = 1
const zero = '0x0000000000000000000000000000000000000000'
const sender = 'bcrt1qsenderxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'
const receiver = 'nReceiverDogeAddressxxxxxxxxxxxxxx'
const refundTo = 'bcrt1qrefundxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'

const action = (overrides: Partial<MidgardAction> = {}): MidgardAction => ({
  date: '1767261600123000000',
  status: 'pending',
  type: 'swap',
  in: [{ address: sender, coins: [{ asset: 'BTC.BTC', amount: '10000000' }], txID: 'ab'.repeat(32) }],
  out: [],
  metadata: { swap: { memo: `=:DOGE.DOGE:${receiver}:123456` } },
  ...overrides,
})

const base = {
  originTxHash: 'ab'.repeat(32),
  sourceChainId: BTC,
  destinationChainId: DOGE,
  receivedDifferentTokens: false,
  sender,
  receiver,
  tokenIn: zero,
  tokenOut: zero,
  amountIn: 10_000_000n,
  observedAt: new Date('2026-01-01T10:00:00.123Z'),
  memo: `=:DOGE.DOGE:${receiver}:123456`,
}

describe('toThorchainDeposit', () => {
  it('reads a swap in flight from its first sighting: who paid, for whom, how much and when', () => {
    expect(toThorchainDeposit(action(), [BTC, DOGE])).toEqual({
      ...base,
      state: 'INFLIGHT',
      refundAddress: sender,
    })
  })

  it('reads a delivered swap with its payout, and the memo refund address as where a refund would go', () => {
    const memo = `=:DOGE.DOGE:${receiver}/${refundTo}:123456`
    const delivered = action({
      status: 'success',
      metadata: { swap: { memo } },
      out: [
        { address: receiver, coins: [{ asset: 'DOGE.DOGE', amount: '2500000000' }], txID: 'cd'.repeat(32) },
      ],
    })
    expect(toThorchainDeposit(delivered, [BTC, DOGE])).toEqual({
      ...base,
      memo,
      state: 'DELIVERED',
      destinationTxHash: 'cd'.repeat(32),
      amountReceived: 2_500_000_000n,
      tokenReceived: '0x0000000000000000000000000000000000000000',
      refundAddress: refundTo,
    })
  })

  it('reads a refund with its amount and the address it went to', () => {
    const refunded = action({
      status: 'success',
      type: 'refund',
      metadata: { refund: { memo: base.memo, reason: 'emit asset 100 less than price limit 123456' } },
      out: [{ address: sender, coins: [{ asset: 'BTC.BTC', amount: '9985000' }], txID: 'ef'.repeat(32) }],
    })
    expect(toThorchainDeposit(refunded, [BTC, DOGE])).toEqual({
      ...base,
      state: 'FAILED',
      refunded: true,
      destinationTxHash: 'ef'.repeat(32),
      amountReceived: 9_985_000n,
      tokenReceived: '0x0000000000000000000000000000000000000000',
      refundAddress: sender,
    })
  })

  it('reads a Cosmos deposit in its 6-decimal base units', () => {
    const atom = action({
      in: [
        {
          address: 'cosmos1sender',
          coins: [{ asset: 'GAIA.ATOM', amount: '250000000' }],
          txID: 'AB'.repeat(32),
        },
      ],
    })
    expect(toThorchainDeposit(atom, [GAIA, DOGE])).toMatchObject({
      originTxHash: 'AB'.repeat(32),
      sourceChainId: GAIA,
      amountIn: 2_500_000n,
      sender: 'cosmos1sender',
    })
  })

  it.each([
    [
      'an EVM inbound (known by its 0x hash elsewhere)',
      action({ in: [{ address: '0xabc', coins: [{ asset: 'ETH.ETH', amount: '1' }], txID: 'ab' }] }),
      [ETH, DOGE],
    ],
    [
      'an affiliate swap of another front end',
      action({ metadata: { swap: { memo: `=:DOGE.DOGE:${receiver}:1:xx:50` } } }),
      [BTC, DOGE],
    ],
    ['a chain not served', action(), [BTC]],
    ['a liquidity add', action({ type: 'addLiquidity' }), [BTC, DOGE]],
    ['an unparsable memo', action({ metadata: { swap: { memo: 'hello' } } }), [BTC, DOGE]],
  ])('is not one of ours: %s', (_name, input, chains) => {
    expect(toThorchainDeposit(input, chains)).toBeUndefined()
  })
})
