import { describe, expect, it } from 'vitest'
import { getCrossProgressView } from './getCrossProgressView'

const eth = { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 }
const btc = { address: '0x0000000000000000000000000000000000000000', symbol: 'BTC', decimals: 8 }
const deposit = { id: 'd1', from: btc, to: eth, createdAtMs: 1_000, processingTime: 600 }
const pending = { hash: '0xp', from: eth, to: btc, createdAtMs: 500 }

describe('getCrossProgressView', () => {
  it('follows the trade just sent', () => {
    const phase = {
      kind: 'progress',
      txHash: '0xs',
      from: eth,
      to: btc,
      timing: { startedAtMs: 7, estimateSec: 60 },
      receiver: '0xr',
    } as const
    expect(getCrossProgressView({ phase, deposit: undefined, pending })).toStrictEqual({
      txHash: '0xs',
      from: eth,
      to: btc,
      timing: { startedAtMs: 7, estimateSec: 60 },
      receiver: '0xr',
      settles: { kind: 'trade', hash: '0xs' },
    })
  })

  it('follows a paid deposit from its payment, an unpaid one not at all', () => {
    const phase = { kind: 'deposit', id: 'd1' } as const
    expect(
      getCrossProgressView({
        phase,
        deposit: { ...deposit, txHash: 'abc', paidAtMs: 2_000, receiver: '0xd' },
        pending,
      }),
    ).toStrictEqual({
      txHash: 'abc',
      from: btc,
      to: eth,
      timing: { startedAtMs: 2_000, estimateSec: 600 },
      receiver: '0xd',
      settles: { kind: 'deposit', id: 'd1' },
    })
    expect(
      getCrossProgressView({
        phase,
        deposit: { ...deposit, txHash: 'abc', processingTime: undefined },
        pending,
      }),
    ).toEqual({
      txHash: 'abc',
      from: btc,
      to: eth,
      timing: { startedAtMs: 1_000 },
      settles: { kind: 'deposit', id: 'd1' },
    })
    expect(getCrossProgressView({ phase, deposit, pending })).toBeUndefined()
  })

  it('resumes a pending trade on the form only', () => {
    expect(getCrossProgressView({ phase: { kind: 'form' }, deposit: undefined, pending })).toEqual({
      txHash: '0xp',
      from: eth,
      to: btc,
      timing: { startedAtMs: 500 },
      settles: { kind: 'trade', hash: '0xp' },
    })
    expect(
      getCrossProgressView({ phase: { kind: 'form' }, deposit: undefined, pending: undefined }),
    ).toBeUndefined()
  })
})
