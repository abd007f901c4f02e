import { describe, expect, it } from 'vitest'
import { describeCrossStatus } from './describeCrossStatus'

describe('describeCrossStatus', () => {
  it('follows a trade from sent to delivered', () => {
    expect(describeCrossStatus(undefined).stage).toBe(0)
    expect(describeCrossStatus({ status: 'PENDING', receivedDifferentTokens: false }).stage).toBe(1)
    expect(describeCrossStatus({ status: 'INFLIGHT', receivedDifferentTokens: false }).label).toBe(
      'In flight between the chains',
    )
    expect(describeCrossStatus({ status: 'delivered', receivedDifferentTokens: false })).toEqual({
      label: 'Delivered',
      stage: 2,
      tone: 'success',
      finalStage: 'Arrived',
    })
  })

  it('reads a deposit seen in the mempool, unconfirmed, at the first stage; without a payment as before', () => {
    const payment = {
      kind: 'exact',
      note: 'paid 0.1 BTC as quoted: seen in the mempool, waiting for confirmation',
    }
    expect(describeCrossStatus({ status: 'PENDING', receivedDifferentTokens: false, payment })).toEqual({
      label: 'Seen in the mempool, waiting for confirmation',
      stage: 0,
      tone: 'progress',
      finalStage: 'Arrived',
      detail: 'Your payment is broadcast: the network takes it once a block confirms it.',
    })
    expect(describeCrossStatus({ status: 'PENDING', receivedDifferentTokens: false })).toEqual({
      label: 'Seen by the provider, waiting for confirmations',
      stage: 1,
      tone: 'progress',
      finalStage: 'Arrived',
    })
    expect(describeCrossStatus({ status: 'INFLIGHT', receivedDifferentTokens: false, payment }).label).toBe(
      'In flight between the chains',
    )
  })

  it('reads a delivery that failed on the destination as needing a retry, only while in flight', () => {
    expect(
      describeCrossStatus({
        status: 'INFLIGHT',
        receivedDifferentTokens: false,
        subStatus: 'COMPOSE_FAILED',
      }),
    ).toEqual({
      label: 'Delivery failed on the destination chain: it needs a retry',
      stage: 1,
      tone: 'danger',
      finalStage: 'Arrived',
      detail:
        'Your tokens crossed and wait on the destination chain, but the swap there ran out of gas. Retry delivery sends it again from your wallet (you pay its gas); it pays what your quote said.',
      action: 'retryDelivery',
    })
    expect(
      describeCrossStatus({
        status: 'DELIVERED',
        receivedDifferentTokens: false,
        subStatus: 'COMPOSE_FAILED',
      }),
    ).toEqual({ label: 'Delivered', stage: 2, tone: 'success', finalStage: 'Arrived' })
    expect(
      describeCrossStatus({ status: 'INFLIGHT', receivedDifferentTokens: false, subStatus: 'OTHER' }),
    ).toEqual({ label: 'In flight between the chains', stage: 1, tone: 'progress', finalStage: 'Arrived' })
  })

  it('says when the receiver got the bridged token, and when the deposit was refunded', () => {
    expect(describeCrossStatus({ status: 'FAILED', receivedDifferentTokens: true })).toEqual({
      label: 'The destination swap failed: you received the bridged token instead',
      stage: 2,
      tone: 'danger',
      finalStage: 'Arrived',
    })
    expect(describeCrossStatus({ status: 'FAILED', receivedDifferentTokens: false }).label).toMatch(
      /refunded/,
    )
  })

  it("reads an intent deposit nobody filled as Refunded, apart from a failure (Across's refunded detail)", () => {
    expect(describeCrossStatus({ status: 'FAILED', receivedDifferentTokens: false, refunded: true })).toEqual(
      {
        label: 'Refunded',
        stage: 2,
        tone: 'refunded',
        finalStage: 'Refunded',
        detail: 'No relayer filled the deposit in time: it went back to you on the source chain.',
      },
    )
    expect(
      describeCrossStatus({
        status: 'FAILED',
        receivedDifferentTokens: false,
        refunded: true,
        tradeProtocol: 'CROSS_CHAIN_THORCHAIN',
      }),
    ).toEqual({
      label: 'Refunded',
      stage: 2,
      tone: 'refunded',
      finalStage: 'Refunded',
      detail:
        'The network could not pay at least the minimum your quote allowed: it sent your deposit back, minus its network fee, on the source chain.',
    })
    expect(
      describeCrossStatus({ status: 'FAILED', receivedDifferentTokens: false, refunded: false }),
    ).toEqual({
      label: 'Failed: the provider refunded the deposit on the source chain',
      stage: 2,
      tone: 'danger',
      finalStage: 'Arrived',
    })
  })
})
