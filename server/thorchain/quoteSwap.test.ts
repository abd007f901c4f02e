import { describe, expect, it } from 'vitest'
import { settleInbound } from '../../devnet/liquidityNetwork/settleInbound'
import { quoteSwap } from './quoteSwap'

const E8 = 10n ** 8n
const pools = {
  'BTC.BTC': { assetDepth: 100n * E8, runeDepth: 2_000_000n * E8 },
  'ETH.ETH': { assetDepth: 500n * E8, runeDepth: 1_000_000n * E8 },
}
const fees: Record<string, bigint> = { 'BTC.BTC': 15_000n, 'ETH.ETH': 240_000n }
const outboundFeeOf = (asset: string) => fees[asset] ?? 0n
const receiver = '0x1111111111111111111111111111111111111111'

describe('quoteSwap', () => {
  const quote = quoteSwap({
    pools,
    from: 'BTC.BTC',
    to: 'ETH.ETH',
    amount: E8,
    destination: receiver,
    toleranceBps: 100,
    affiliate: 'tr',
    affiliateBps: 50,
    outboundFeeOf,
    now: 1_700_000_000,
    validForSeconds: 900,
  })

  it("answers THORNode's fields: output after every fee, the fee table, a memo with a limit, the expiry", () => {
    expect(quote).toMatchObject({
      expected_amount_out: '938184096',
      fees: {
        asset: 'ETH.ETH',
        affiliate: '5000000',
        outbound: '240000',
        liquidity: '28011365',
        total: '33251365',
        slippage_bps: 289,
        total_bps: 342,
      },
      memo: `=:e:${receiver}:928802255:tr:50`,
      // 4 outbound fees of ETH (0.0024) valued in BTC at the pools' prices: 4 * 24,000 sats
      recommended_min_amount_in: '96000',
      expiry: 1_700_000_900,
    })
  })

  it('a deposit with its memo against the same pools pays exactly expected_amount_out', () => {
    const settlement = settleInbound({
      pools,
      inbound: {
        txId: '01'.repeat(32),
        asset: 'BTC.BTC',
        amount: E8,
        from: 'bcrt1qsender',
        memo: quote.memo ?? '',
      },
      outboundFeeOf,
      isValidAddress: () => true,
    })
    expect(settlement.kind === 'swap' && settlement.outbound.amount).toBe(938_184_096n)
  })

  it('has no memo without a destination, and no limit without a tolerance', () => {
    const bare = quoteSwap({
      pools,
      from: 'BTC.BTC',
      to: 'ETH.ETH',
      amount: E8,
      outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    expect(bare.memo).toBeUndefined()
    const noLimit = quoteSwap({
      pools,
      from: 'BTC.BTC',
      to: 'ETH.ETH',
      amount: E8,
      destination: receiver,
      outboundFeeOf,
      now: 0,
      validForSeconds: 900,
    })
    expect(noLimit.memo).toBe(`=:e:${receiver}:0`)
  })
})
