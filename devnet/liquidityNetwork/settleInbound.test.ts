import { describe, expect, it } from 'vitest'
import { settleInbound } from './settleInbound'

const E8 = 10n ** 8n
const pools = {
  'BTC.BTC': { assetDepth: 100n * E8, runeDepth: 2_000_000n * E8 },
  'ETH.ETH': { assetDepth: 500n * E8, runeDepth: 1_000_000n * E8 },
}
const fees: Record<string, bigint> = { 'BTC.BTC': 15_000n, 'ETH.ETH': 240_000n }
const receiver = '0x1111111111111111111111111111111111111111'
const isValidAddress = (chain: string, address: string) =>
  chain === 'ETH' ? /^0x[0-9a-f]{40}$/i.test(address) : address.startsWith('bcrt1q')
const settle = (memo: string, amount = E8) =>
  settleInbound({
    pools,
    inbound: { txId: 'ab'.repeat(32), asset: 'BTC.BTC', amount, from: 'bcrt1qsender', memo },
    outboundFeeOf: (asset) => fees[asset] ?? 0n,
    isValidAddress,
  })

describe('settleInbound', () => {
  it('pays the swap output to the memo destination with OUT:<txId> and moves the pools', () => {
    const settlement = settle(`=:e:${receiver}:942718446`)
    expect(settlement.kind).toBe('swap')
    expect(settlement.outbound).toEqual({
      memo: `OUT:${'ab'.repeat(32)}`,
      asset: 'ETH.ETH',
      to: receiver,
      amount: 942_718_446n,
    })
    expect(settlement.poolsAfter['BTC.BTC']).toEqual({
      assetDepth: 10_100_000_000n,
      runeDepth: 198_039_407_901_187n,
    })
  })

  it.each([
    [`=:e:${receiver}:942718447`, 'emit asset 942718446 less than price limit 942718447'],
    ['=:e:0xnot-an-address', 'invalid ETH destination 0xnot-an-address'],
    ['ADD:BTC.BTC', 'invalid memo: not a swap memo: ADD'],
    [`=:d:${receiver}`, 'no pool for DOGE.DOGE'],
    ['=:b:bcrt1qother', 'swap to the same asset'],
  ])('refunds %s: %s, minus the outbound fee, with REFUND:<txId>, pools untouched', (memo, reason) => {
    expect(settle(memo)).toEqual({
      kind: 'refund',
      reason,
      outbound: {
        memo: `REFUND:${'ab'.repeat(32)}`,
        asset: 'BTC.BTC',
        to: 'bcrt1qsender',
        amount: E8 - 15_000n,
      },
      poolsAfter: pools,
    })
  })

  it('keeps an inbound too small to pay for its own refund', () => {
    expect(settle('nonsense', 15_000n)).toEqual({
      kind: 'refund',
      reason: 'invalid memo: not a swap memo: nonsense',
      poolsAfter: pools,
    })
  })

  it.each([
    [
      `=:e:${receiver}/bcrt1qrefund:942718447`,
      'emit asset 942718446 less than price limit 942718447',
      'bcrt1qrefund',
    ],
    ['=:e:0xnot-an-address/bcrt1qrefund', 'invalid ETH destination 0xnot-an-address', 'bcrt1qrefund'],
    [`=:e:${receiver}/${receiver}:1`, `invalid BTC refund address ${receiver}`, 'bcrt1qsender'],
    [`=:e:${receiver}/:1`, `invalid memo: invalid refund address: ${receiver}/`, 'bcrt1qsender'],
  ])(
    'refunds %s to the refund address of the memo when it is valid on the inbound chain: %s',
    (memo, reason, to) => {
      expect(settle(memo)).toEqual({
        kind: 'refund',
        reason,
        outbound: { memo: `REFUND:${'ab'.repeat(32)}`, asset: 'BTC.BTC', to, amount: E8 - 15_000n },
        poolsAfter: pools,
      })
    },
  )

  it('pays a swap with a refund address to its destination', () => {
    expect(settle(`=:e:${receiver}/bcrt1qrefund:942718446`).outbound).toEqual({
      memo: `OUT:${'ab'.repeat(32)}`,
      asset: 'ETH.ETH',
      to: receiver,
      amount: 942_718_446n,
    })
  })

  it('refunds an EVM inbound to the refund address, not to the transaction sender', () => {
    const wallet = '0x2222222222222222222222222222222222222222'
    const settlement = settleInbound({
      pools,
      inbound: {
        txId: 'cd'.repeat(32),
        asset: 'ETH.ETH',
        amount: E8,
        from: '0x3333333333333333333333333333333333333333',
        memo: `=:b:bcrt1qreceiver/${wallet}:${10n ** 15n}`,
      },
      outboundFeeOf: (asset) => fees[asset] ?? 0n,
      isValidAddress,
    })
    expect(settlement.outbound).toEqual({
      memo: `REFUND:${'cd'.repeat(32)}`,
      asset: 'ETH.ETH',
      to: wallet,
      amount: E8 - 240_000n,
    })
  })
})
